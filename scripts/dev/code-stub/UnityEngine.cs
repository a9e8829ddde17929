// A test stub of the Unity API the exported C# uses (scripts/dev/code-equivalence.mjs compiles the
// exported scripts against it with mono's mcs, runs their simulation and measures its allocations).
// Written from Unity's documented API (the Scripting Reference; signatures as in Unity's C#
// reference source, Unity 2021.2 to 6): Vector2 and Mathf compute as Unity documents them (float
// components; magnitude = (float)Math.Sqrt(x * x + y * y)); Matrix4x4, Color and the attributes hold
// their values; the rendering types (Mesh, Material, Shader, MaterialPropertyBlock, Graphics) are
// shells that record nothing and draw nothing. What the stub proves: the script compiles against
// these signatures and its simulation runs (and allocates) as measured; not that Unity draws it.
// Differences from Unity: RenderMeshInstanced<T> is constrained `struct` here (mcs lacks C# 7.3's
// `unmanaged`); compile with -langversion:experimental (for its `in` parameter). No message loop:
// AddComponent creates the component and nothing calls Awake, OnEnable or Update but the test; a
// GameObject's Transform is at the origin, unrotated, unscaled unless a test moves it; Physics2D
// knows the colliders a test lists in Physics2D.colliders (their bounds), and Camera.main is null
// unless a test sets it.
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    public struct Vector2
    {
        public float x, y;
        public Vector2(float x, float y) { this.x = x; this.y = y; }
        public static Vector2 zero { get { return new Vector2(0f, 0f); } }
        public static Vector2 right { get { return new Vector2(1f, 0f); } }
        public float sqrMagnitude { get { return x * x + y * y; } }
        public float magnitude { get { return (float)Math.Sqrt(x * x + y * y); } }
        public static float Dot(Vector2 a, Vector2 b) { return a.x * b.x + a.y * b.y; }
        public static Vector2 operator +(Vector2 a, Vector2 b) { return new Vector2(a.x + b.x, a.y + b.y); }
        public static Vector2 operator -(Vector2 a, Vector2 b) { return new Vector2(a.x - b.x, a.y - b.y); }
        public static Vector2 operator -(Vector2 a) { return new Vector2(-a.x, -a.y); }
        public static Vector2 operator *(Vector2 a, float d) { return new Vector2(a.x * d, a.y * d); }
        public static Vector2 operator *(float d, Vector2 a) { return new Vector2(a.x * d, a.y * d); }
        public static Vector2 operator /(Vector2 a, float d) { return new Vector2(a.x / d, a.y / d); }
        public static implicit operator Vector3(Vector2 v) { return new Vector3(v.x, v.y, 0f); }
    }

    public struct Vector3
    {
        public float x, y, z;
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
        public static Vector3 zero { get { return new Vector3(0f, 0f, 0f); } }
        public static Vector3 operator +(Vector3 a, Vector3 b) { return new Vector3(a.x + b.x, a.y + b.y, a.z + b.z); }
        public static Vector3 operator -(Vector3 a, Vector3 b) { return new Vector3(a.x - b.x, a.y - b.y, a.z - b.z); }
        public static Vector3 operator *(Vector3 a, float d) { return new Vector3(a.x * d, a.y * d, a.z * d); }
        public static float Dot(Vector3 a, Vector3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
        public static implicit operator Vector2(Vector3 v) { return new Vector2(v.x, v.y); }
    }

    public struct Ray
    {
        public Vector3 origin, direction;
        public Ray(Vector3 origin, Vector3 direction) { this.origin = origin; this.direction = direction; }
        public Vector3 GetPoint(float distance) { return origin + direction * distance; }
    }

    public struct Plane
    {
        public Vector3 normal;
        public float distance;
        public Plane(Vector3 inNormal, Vector3 inPoint) { normal = inNormal; distance = -Vector3.Dot(inNormal, inPoint); }
        public bool Raycast(Ray ray, out float enter)
        {
            float a = Vector3.Dot(ray.direction, normal), b = -Vector3.Dot(ray.origin, normal) - distance;
            if (a == 0f) { enter = 0f; return false; }
            enter = b / a;
            return enter > 0f;
        }
    }

    public struct Bounds
    {
        public Vector3 center, extents;
        public Bounds(Vector3 center, Vector3 size) { this.center = center; extents = size * 0.5f; }
    }

    public struct LayerMask
    {
        public int value;
        public static implicit operator int(LayerMask mask) { return mask.value; }
        public static implicit operator LayerMask(int intVal) { return new LayerMask { value = intVal }; }
    }

    public struct Vector4
    {
        public float x, y, z, w;
        public Vector4(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
        public static Vector4 zero { get { return new Vector4(0f, 0f, 0f, 0f); } }
    }

    public struct Color
    {
        public float r, g, b, a;
        public Color(float r, float g, float b) { this.r = r; this.g = g; this.b = b; a = 1f; }
        public Color(float r, float g, float b, float a) { this.r = r; this.g = g; this.b = b; this.a = a; }
    }

    public struct Matrix4x4
    {
        public float m00, m10, m20, m30, m01, m11, m21, m31, m02, m12, m22, m32, m03, m13, m23, m33;

        public static Matrix4x4 identity { get { return new Matrix4x4 { m00 = 1f, m11 = 1f, m22 = 1f, m33 = 1f }; } }

        public void SetColumn(int index, Vector4 c)
        {
            switch (index)
            {
                case 0: m00 = c.x; m10 = c.y; m20 = c.z; m30 = c.w; break;
                case 1: m01 = c.x; m11 = c.y; m21 = c.z; m31 = c.w; break;
                case 2: m02 = c.x; m12 = c.y; m22 = c.z; m32 = c.w; break;
                case 3: m03 = c.x; m13 = c.y; m23 = c.z; m33 = c.w; break;
                default: throw new IndexOutOfRangeException("Invalid column index!");
            }
        }

        public static Matrix4x4 operator *(Matrix4x4 a, Matrix4x4 b)
        {
            Matrix4x4 r;
            r.m00 = a.m00 * b.m00 + a.m01 * b.m10 + a.m02 * b.m20 + a.m03 * b.m30;
            r.m01 = a.m00 * b.m01 + a.m01 * b.m11 + a.m02 * b.m21 + a.m03 * b.m31;
            r.m02 = a.m00 * b.m02 + a.m01 * b.m12 + a.m02 * b.m22 + a.m03 * b.m32;
            r.m03 = a.m00 * b.m03 + a.m01 * b.m13 + a.m02 * b.m23 + a.m03 * b.m33;
            r.m10 = a.m10 * b.m00 + a.m11 * b.m10 + a.m12 * b.m20 + a.m13 * b.m30;
            r.m11 = a.m10 * b.m01 + a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31;
            r.m12 = a.m10 * b.m02 + a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32;
            r.m13 = a.m10 * b.m03 + a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33;
            r.m20 = a.m20 * b.m00 + a.m21 * b.m10 + a.m22 * b.m20 + a.m23 * b.m30;
            r.m21 = a.m20 * b.m01 + a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31;
            r.m22 = a.m20 * b.m02 + a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32;
            r.m23 = a.m20 * b.m03 + a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33;
            r.m30 = a.m30 * b.m00 + a.m31 * b.m10 + a.m32 * b.m20 + a.m33 * b.m30;
            r.m31 = a.m30 * b.m01 + a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31;
            r.m32 = a.m30 * b.m02 + a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32;
            r.m33 = a.m30 * b.m03 + a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33;
            return r;
        }
    }

    public static class Mathf
    {
        public const float PI = (float)Math.PI;
        public static float Sqrt(float f) { return (float)Math.Sqrt(f); }
        public static float Abs(float f) { return Math.Abs(f); }
        public static float Min(float a, float b) { return a < b ? a : b; }
        public static float Max(float a, float b) { return a > b ? a : b; }
        public static float Clamp(float value, float min, float max)
        {
            if (value < min) value = min;
            else if (value > max) value = max;
            return value;
        }
        public static float Floor(float f) { return (float)Math.Floor(f); }
        public static float Ceil(float f) { return (float)Math.Ceiling(f); }
    }

    public static class Time
    {
        public static float deltaTime { get { return 1f / 60f; } }
    }

    public class Object
    {
        public static void Destroy(Object obj) { DestroyImmediate(obj); }
        public static void DestroyImmediate(Object obj)
        {
            var c = obj as Component;
            if (c != null) c.gameObject.components.Remove(c);
        }
    }

    public static class Application
    {
        public static bool isPlaying = true;
    }

    public class TextAsset : Object
    {
        readonly string content;
        public TextAsset(string text) { content = text; }
        public string text { get { return content; } }
    }

    public class Shader : Object
    {
        public static Shader Find(string name) { return new Shader(); }
        public static int PropertyToID(string name) { return name.GetHashCode(); }
    }

    public class Material : Object
    {
        public Material(Shader shader) { }
        public bool enableInstancing { get; set; }
    }

    public class Mesh : Object
    {
        public Vector3[] vertices { get; set; }
        public int[] triangles { get; set; }
        public void RecalculateBounds() { }
    }

    public sealed class MaterialPropertyBlock
    {
        public void SetColor(string name, Color value) { }
        public void SetColor(int nameID, Color value) { }
    }

    public struct RenderParams
    {
        public RenderParams(Material mat) : this() { material = mat; }
        public int layer { get; set; }
        public Material material { get; set; }
        public MaterialPropertyBlock matProps { get; set; }
    }

    public static class Graphics
    {
        // Counted, so a test can see a frame was sent; nothing is drawn.
        public static int instancesRendered;

        public static void RenderMeshInstanced<T>(in RenderParams rparams, Mesh mesh, int submeshIndex, T[] instanceData, int instanceCount = -1, int startInstance = 0) where T : struct
        {
            if (rparams.material == null) throw new ArgumentNullException("rparams.material");
            if (instanceData == null) throw new ArgumentNullException("instanceData");
            instancesRendered += Math.Min(instanceCount < 0 ? instanceData.Length : instanceCount, instanceData.Length - startInstance);
        }
    }

    public class Transform
    {
        // (A translation only: InverseTransformPoint and TransformPoint as Unity's for such a transform.)
        public Vector3 position;
        public Matrix4x4 localToWorldMatrix { get { var m = Matrix4x4.identity; m.m03 = position.x; m.m13 = position.y; m.m23 = position.z; return m; } }
        public Vector3 forward { get { return new Vector3(0f, 0f, 1f); } }
        public Vector3 up { get { return new Vector3(0f, 1f, 0f); } }
        public Vector3 InverseTransformPoint(Vector3 position) { return position - this.position; }
        public Vector3 TransformPoint(Vector3 position) { return position + this.position; }
    }

    public class GameObject : Object
    {
        internal readonly List<Component> components = new List<Component>();
        readonly Transform t = new Transform();
        public Transform transform { get { return t; } }
        public int layer { get; set; }
        public Component AddComponent(Type componentType)
        {
            var c = (Component)Activator.CreateInstance(componentType);
            c.owner = this;
            components.Add(c);
            return c;
        }
        public T AddComponent<T>() where T : Component { return (T)AddComponent(typeof(T)); }
        public T GetComponent<T>() where T : class
        {
            foreach (var c in components) if (c is T) return c as T;
            return null;
        }
        public T[] GetComponents<T>() where T : class
        {
            var list = new List<T>();
            foreach (var c in components) if (c is T) list.Add(c as T);
            return list.ToArray();
        }
    }

    public class Component : Object
    {
        internal GameObject owner;
        public Transform transform { get { return gameObject.transform; } }
        public GameObject gameObject { get { if (owner == null) { owner = new GameObject(); owner.components.Add(this); } return owner; } }
        public T GetComponent<T>() where T : class { return gameObject.GetComponent<T>(); }
        public T[] GetComponents<T>() where T : class { return gameObject.GetComponents<T>(); }
    }

    public class Behaviour : Component
    {
        public bool enabled { get; set; }
        public Behaviour() { enabled = true; }
    }

    public class Collider2D : Behaviour
    {
        public Bounds bounds;
        public int layer;
    }

    public struct ContactFilter2D
    {
        public bool useTriggers, useLayerMask;
        public LayerMask layerMask;
        public void SetLayerMask(LayerMask layerMask) { this.layerMask = layerMask; useLayerMask = true; }
    }

    public static class Physics2D
    {
        // The scene's colliders (a test lists them).
        public static readonly List<Collider2D> colliders = new List<Collider2D>();

        public static int OverlapArea(Vector2 pointA, Vector2 pointB, ContactFilter2D contactFilter, Collider2D[] results)
        {
            float x0 = Math.Min(pointA.x, pointB.x), x1 = Math.Max(pointA.x, pointB.x), y0 = Math.Min(pointA.y, pointB.y), y1 = Math.Max(pointA.y, pointB.y);
            int n = 0;
            foreach (var c in colliders)
            {
                if (n == results.Length) break;
                if (contactFilter.useLayerMask && (contactFilter.layerMask.value & (1 << c.layer)) == 0) continue;
                Bounds b = c.bounds;
                if (b.center.x + b.extents.x < x0 || b.center.x - b.extents.x > x1 || b.center.y + b.extents.y < y0 || b.center.y - b.extents.y > y1) continue;
                results[n++] = c;
            }
            return n;
        }
    }

    public static class Input
    {
        public static Vector3 mousePosition;
    }

    public class Camera : Behaviour
    {
        public static Camera main;
        public Ray ScreenPointToRay(Vector3 pos) { return new Ray(new Vector3(pos.x, pos.y, -10f), new Vector3(0f, 0f, 1f)); }
    }

    public class MonoBehaviour : Behaviour { }

    public abstract class PropertyAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = true)]
    public class HeaderAttribute : PropertyAttribute
    {
        public readonly string header;
        public HeaderAttribute(string header) { this.header = header; }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public class TooltipAttribute : PropertyAttribute
    {
        public readonly string tooltip;
        public TooltipAttribute(string tooltip) { this.tooltip = tooltip; }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class RangeAttribute : PropertyAttribute
    {
        public readonly float min, max;
        public RangeAttribute(float min, float max) { this.min = min; this.max = max; }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class MinAttribute : PropertyAttribute
    {
        public readonly float min;
        public MinAttribute(float min) { this.min = min; }
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false)]
    public sealed class AddComponentMenu : Attribute
    {
        public AddComponentMenu(string menuName) { }
    }

    [AttributeUsage(AttributeTargets.Class, Inherited = false, AllowMultiple = false)]
    public sealed class DisallowMultipleComponent : Attribute { }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class ContextMenu : Attribute
    {
        public ContextMenu(string itemName) { }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class SerializeField : Attribute { }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class HideInInspector : Attribute { }
}
