// A test stub of the Unity API the exported C# uses (scripts/dev/code-equivalence.mjs compiles the
// exported scripts against it with mono's mcs, runs their simulation and measures its allocations).
// Written from Unity's documented API (the Scripting Reference; signatures as in Unity's C#
// reference source, Unity 2021.2 to 6): Vector2 and Mathf compute as Unity documents them (float
// components; magnitude = (float)Math.Sqrt(x * x + y * y)); Matrix4x4, Color and the attributes hold
// their values; the rendering types (Mesh, Material, Shader, MaterialPropertyBlock, Graphics) are
// shells that record nothing and draw nothing. What the stub proves: the script compiles against
// these signatures and its simulation runs (and allocates) as measured; not that Unity draws it.
// Differences from Unity: RenderMeshInstanced<T> is constrained `struct` here (mcs lacks C# 7.3's
// `unmanaged`); compile with -langversion:experimental (for its `in` parameter).
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
    }

    public struct Vector4
    {
        public float x, y, z, w;
        public Vector4(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
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

    public class Object { }

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
        public Matrix4x4 localToWorldMatrix { get { return Matrix4x4.identity; } }
    }

    public class GameObject : Object
    {
        public int layer { get; set; }
    }

    public class Component : Object
    {
        readonly Transform t = new Transform();
        readonly GameObject g = new GameObject();
        public Transform transform { get { return t; } }
        public GameObject gameObject { get { return g; } }
    }

    public class Behaviour : Component { }

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
}
