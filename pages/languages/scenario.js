// The test pages' figure (pages/languages/*.html): a flock whose own texts (title, caption, the
// controls' and options' labels) are written in five languages, as an author's scenario may be;
// each page shows those of its language (a pt-BR page the "pt" ones). Given to the page's canvas
// as its inline scenario before boot.js mounts it (module scripts run in order, before boot.js's
// first mount).
const SCENARIO = {
  "name": "words-flock",
  "title": {
    "en": "A flock: the three rules",
    "es": "Una bandada: las tres reglas",
    "fr": "Une nuée : les trois règles",
    "pt": "Um bando: as três regras",
    "it": "Uno stormo: le tre regole"
  },
  "caption": {
    "en": "Separation, alignment and cohesion, summed with their weights. {Tap|Click} a boid to see its forces.",
    "es": "Separación, alineación y cohesión, sumadas con sus pesos. {Toca|Haz clic en} un boid para ver sus fuerzas.",
    "fr": "Séparation, alignement et cohésion, additionnés avec leurs poids. {Touchez|Cliquez sur} un boid pour voir ses forces.",
    "pt": "Separação, alinhamento e coesão, somados com seus pesos. {Toque|Clique} em um boid para ver suas forças.",
    "it": "Separazione, allineamento e coesione, sommati con i loro pesi. {Tocca|Fai clic su} un boid per vederne le forze."
  },
  "world": {
    "width": 640,
    "height": 400,
    "edges": "wrap"
  },
  "seed": 7,
  "agents": {
    "count": 120
  },
  "behaviours": [
    {
      "type": "separation",
      "weight": 1.5,
      "sep_dist": 22
    },
    {
      "type": "alignment",
      "weight": 1.0,
      "perception": 48
    },
    {
      "type": "cohesion",
      "weight": 1.0,
      "perception": 48
    }
  ],
  "overlays": [
    "perception",
    "sep_dist",
    "forces"
  ],
  "controls": [
    {
      "param": "separation.weight",
      "label": {
        "en": "Separation",
        "es": "Separación",
        "fr": "Séparation",
        "pt": "Separação",
        "it": "Separazione"
      },
      "min": 0,
      "max": 4,
      "step": 0.1
    },
    {
      "param": "alignment.weight",
      "label": {
        "en": "Alignment",
        "es": "Alineación",
        "fr": "Alignement",
        "pt": "Alinhamento",
        "it": "Allineamento"
      },
      "min": 0,
      "max": 4,
      "step": 0.1
    },
    {
      "param": "cohesion.weight",
      "label": {
        "en": "Cohesion",
        "es": "Cohesión",
        "fr": "Cohésion",
        "pt": "Coesão",
        "it": "Coesione"
      },
      "min": 0,
      "max": 4,
      "step": 0.1
    },
    {
      "param": "perception",
      "label": {
        "en": "Perception",
        "es": "Percepción",
        "fr": "Perception",
        "pt": "Percepção",
        "it": "Percezione"
      },
      "min": 10,
      "max": 120,
      "step": 1
    },
    {
      "param": "world.edges",
      "label": {
        "en": "Edges",
        "es": "Bordes",
        "fr": "Bords",
        "pt": "Bordas",
        "it": "Bordi"
      },
      "kind": "select",
      "options": [
        "wrap",
        "bounce",
        "steer_to_center"
      ],
      "option_labels": [
        {
          "en": "wrap around",
          "es": "envolver",
          "fr": "faire le tour",
          "pt": "dar a volta",
          "it": "ricomparire dall'altro lato"
        },
        {
          "en": "bounce",
          "es": "rebotar",
          "fr": "rebondir",
          "pt": "quicar",
          "it": "rimbalzare"
        },
        {
          "en": "steer to the centre",
          "es": "volver hacia el centro",
          "fr": "revenir vers le centre",
          "pt": "voltar para o centro",
          "it": "tornare verso il centro"
        }
      ]
    }
  ],
  "selected": 2
};

document.getElementById("flock").setAttribute("data-scenario", JSON.stringify(SCENARIO));
