import { useEffect, useState } from "react";
import { SteerLab } from "steerlab/react";

// Two routes by the URL's hash (no router library): a chapter with two visualisations, and a
// page with none. Leaving the chapter unmounts the components, which destroy their viewers.
function useRoute() {
  const [route, setRoute] = useState(location.hash || "#/");
  useEffect(() => {
    const on = () => setRoute(location.hash || "#/");
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  return route;
}

function Chapter() {
  const [weight, setWeight] = useState(1.5);
  return (
    <main>
      <h1>Flocking</h1>
      <p>Each bird looks only at its neighbours: separation, alignment and cohesion.</p>
      <SteerLab id="flock" scenario="flock" seed={7} set={{ "separation.weight": weight }} />
      <p>
        <label>
          Separation, from the page: {weight}{" "}
          <input id="weight" type="range" min="0" max="4" step="0.5" value={weight} onChange={(e) => setWeight(+e.target.value)} />
        </label>
      </p>
      <h2>La cola</h2>
      <SteerLab id="queue" scenario="queue" theme="dark" lang="es" />
    </main>
  );
}

export default function App() {
  const route = useRoute();
  return (
    <>
      <nav>
        <a href="#/">Chapter</a> · <a href="#/about">About</a>
      </nav>
      {route === "#/about" ? (
        <main>
          <h1>About</h1>
          <p>No visualisation on this page.</p>
        </main>
      ) : (
        <Chapter />
      )}
    </>
  );
}
