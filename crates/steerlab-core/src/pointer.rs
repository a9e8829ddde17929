//! The pointer (mouse and touch alike) in world coordinates, as the shell forwards it.

use glam::Vec2;

/// Pointer input in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pointer {
    Down(Vec2),
    Move(Vec2),
    Up(Vec2),
    /// The pointer left the canvas.
    Leave,
    DoubleClick(Vec2),
}

/// Distance within which a click picks an agent or a handle, world units.
pub const PICK_RADIUS: f32 = 14.0;
