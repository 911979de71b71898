//! Placing labels so they never print over each other: each label asks for a place
//! beside its anchor (a target's disc, a launcher's square, a grid point); in order of
//! priority (the selection first), each takes the first of its candidate places that
//! no label placed before it overlaps, and a label with no free place is left out
//! (counted, so the view can say how many). What overlaps is judged on screen, where the
//! picture is drawn: the anchor through the view's camera, the text's size estimated
//! from its length.

use super::{At, Mark};
use crate::palette::Rgba;
use crate::scenario::camera::{Camera, Pane};
use glam::Vec2;

/// A label that wants a place.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub anchor: At,
    /// Pixels to keep clear around the anchor (a target's radius on screen).
    pub clear: f32,
    pub size: f32,
    pub text: String,
    pub color: Rgba,
    /// Lower goes first: 0 the selection, then targets, launchers, grid numbers.
    pub priority: u8,
    /// Whether leaving it out is worth saying (a grid number is not).
    pub counted: bool,
}

/// A text's width in pixels at `size`, on the generous side (wider than the fonts the
/// window and the GIF draw with), so two labels judged apart are apart.
pub fn text_width(text: &str, size: f32) -> f32 {
    // CJK characters (from U+2E80) are square: a full size wide.
    let em = |c: char| if u32::from(c) >= 0x2E80 { 1.0 } else { 0.62 };
    text.chars().map(em).sum::<f32>() * size
}

/// A screen rectangle: min and max corners.
type Rect = (Vec2, Vec2);

fn overlaps(a: Rect, b: Rect) -> bool {
    a.0.x < b.1.x && b.0.x < a.1.x && a.0.y < b.1.y && b.0.y < a.1.y
}

/// Where a label may go, as the offset of its baseline's start from the anchor, best
/// first: right and up (where labels always went), right and down, left and up, left
/// and down, centred above, centred below.
fn candidates(clear: f32, width: f32, size: f32) -> [Vec2; 6] {
    let (up, down) = (-clear, clear + size * 0.8);
    [
        Vec2::new(clear, up),
        Vec2::new(clear, down),
        Vec2::new(-clear - width, up),
        Vec2::new(-clear - width, down),
        Vec2::new(-width * 0.5, -clear - 2.0),
        Vec2::new(-width * 0.5, clear + size),
    ]
}

/// The labels' texts at their places, and how many counted labels found none.
pub fn place(mut labels: Vec<Label>, camera: Camera, pane: Pane) -> (Vec<Mark>, usize) {
    // Stable: labels of one priority keep their order (targets by id).
    labels.sort_by_key(|l| l.priority);
    let mut taken: Vec<Rect> = Vec::with_capacity(labels.len());
    let mut marks = Vec::with_capacity(labels.len());
    let mut left_out = 0;
    for label in labels {
        let anchor = camera.to_screen(pane, label.anchor.world) + label.anchor.px;
        let width = text_width(&label.text, label.size);
        let rect_at = |offset: Vec2| {
            let start = anchor + offset;
            (
                start - Vec2::new(0.0, label.size * 0.8),
                start + Vec2::new(width, label.size * 0.25),
            )
        };
        let free = candidates(label.clear, width, label.size)
            .into_iter()
            .find(|&offset| !taken.iter().any(|&t| overlaps(t, rect_at(offset))));
        match free {
            Some(offset) => {
                taken.push(rect_at(offset));
                marks.push(Mark::Text {
                    at: label.anchor.offset(offset),
                    size: label.size,
                    text: label.text,
                    color: label.color,
                });
            }
            None => left_out += usize::from(label.counted),
        }
    }
    (marks, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(x: f32, text: &str, priority: u8) -> Label {
        Label {
            anchor: At::world(Vec2::new(x, 100.0)),
            clear: 10.0,
            size: 10.0,
            text: text.into(),
            color: [1.0; 4],
            priority,
            counted: true,
        }
    }

    const PANE: Pane = Pane {
        x: 0.0,
        y: 0.0,
        w: 1000.0,
        h: 1000.0,
    };

    fn camera() -> Camera {
        Camera {
            center: Vec2::splat(500.0),
            zoom: 1.0,
        }
    }

    fn offset(mark: &Mark) -> Vec2 {
        let Mark::Text { at, .. } = mark else {
            panic!("{mark:?}")
        };
        at.px
    }

    #[test]
    fn a_lone_label_goes_right_and_up() {
        let (marks, left_out) = place(vec![label(100.0, "alpha", 1)], camera(), PANE);
        assert_eq!(left_out, 0);
        assert_eq!(offset(&marks[0]), Vec2::new(10.0, -10.0));
    }

    #[test]
    fn two_close_labels_take_different_places_and_never_overlap() {
        // "agile" and "sluggish" 6 pixels apart: the second goes right and down.
        let (marks, _) = place(
            vec![label(100.0, "agile", 1), label(106.0, "sluggish", 1)],
            camera(),
            PANE,
        );
        assert_eq!(offset(&marks[0]), Vec2::new(10.0, -10.0));
        assert_eq!(offset(&marks[1]), Vec2::new(10.0, 18.0));
    }

    #[test]
    fn the_selection_places_first_and_labels_with_no_room_are_left_out_and_counted() {
        // Sixteen labels on one spot: six places around it, the selected label first.
        let mut labels: Vec<Label> = (0..16)
            .map(|i| label(100.0, &format!("missile {i}"), 1))
            .collect();
        labels.push(label(100.0, "chosen", 0));
        let (marks, left_out) = place(labels, camera(), PANE);
        let Mark::Text { text, .. } = &marks[0] else {
            panic!()
        };
        assert_eq!(text, "chosen");
        // The six candidates of one anchor: right-up, right-down, left-up, left-down; the
        // centred ones overlap those (wider than the clearance), so four fit.
        assert_eq!(marks.len() + left_out, 17);
        assert_eq!(marks.len(), 4, "{marks:?}");
        // Uncounted labels (grid numbers) left out are not counted.
        let mut quiet = label(100.0, "187", 2);
        quiet.counted = false;
        let (marks, left_out) = place(vec![label(100.0, "gun", 1), quiet], camera(), PANE);
        assert_eq!((marks.len(), left_out), (2, 0));
    }

    #[test]
    fn rectangles_that_only_touch_do_not_overlap() {
        let r = |x0: f32, y0: f32, x1: f32, y1: f32| (Vec2::new(x0, y0), Vec2::new(x1, y1));
        let a = r(0.0, 0.0, 10.0, 10.0);
        assert!(overlaps(a, r(5.0, 5.0, 15.0, 15.0)));
        // Touching on each side: right, left, below, above.
        assert!(!overlaps(a, r(10.0, 0.0, 20.0, 10.0)));
        assert!(!overlaps(r(10.0, 0.0, 20.0, 10.0), a));
        assert!(!overlaps(a, r(0.0, 10.0, 10.0, 20.0)));
        assert!(!overlaps(r(0.0, 10.0, 10.0, 20.0), a));
    }

    #[test]
    fn the_six_places_around_an_anchor() {
        // Clear 10 pixels, 30 wide, size 10 (a line reaches 8 above its baseline).
        assert_eq!(
            candidates(10.0, 30.0, 10.0),
            [
                Vec2::new(10.0, -10.0),
                Vec2::new(10.0, 18.0),
                Vec2::new(-40.0, -10.0),
                Vec2::new(-40.0, 18.0),
                Vec2::new(-15.0, -12.0),
                Vec2::new(-15.0, 20.0),
            ]
        );
    }

    #[test]
    fn a_label_is_judged_where_its_pixel_offset_puts_it() {
        // B's world point is 100 below A's, but its offset brings it onto A: it moves.
        let a = label(100.0, "alpha", 1);
        let mut b = label(100.0, "beta", 1);
        b.anchor = At {
            world: Vec2::new(100.0, 200.0),
            px: Vec2::new(0.0, -100.0),
        };
        let (marks, _) = place(vec![a, b], camera(), PANE);
        assert_eq!(
            offset(&marks[1]) - Vec2::new(0.0, -100.0),
            Vec2::new(10.0, 18.0)
        );
    }

    #[test]
    fn a_line_of_text_reaches_eight_tenths_above_its_baseline_and_a_quarter_below() {
        // Size 10, no clearance: A spans 92 to 102.5; B's baseline at 110.6 starts at
        // 102.6, clear of it (both right and up, where they asked); at 110.4 it would
        // touch A and move.
        let at = |y: f32, text: &str| Label {
            anchor: At::world(Vec2::new(100.0, y)),
            clear: 0.0,
            ..label(100.0, text, 1)
        };
        let (marks, _) = place(vec![at(100.0, "a"), at(110.6, "b")], camera(), PANE);
        assert_eq!(offset(&marks[1]), Vec2::ZERO, "clear below");
        let (marks, _) = place(vec![at(100.0, "a"), at(110.4, "b")], camera(), PANE);
        assert_ne!(offset(&marks[1]), Vec2::ZERO, "overlapping: moved");
        // And from above: B's bottom at 89.6 + 2.5 = 92.1 reaches into A's top at 92.
        let (marks, _) = place(vec![at(100.0, "a"), at(89.6, "b")], camera(), PANE);
        assert_ne!(offset(&marks[1]), Vec2::ZERO);
        let (marks, _) = place(vec![at(100.0, "a"), at(89.4, "b")], camera(), PANE);
        assert_eq!(offset(&marks[1]), Vec2::ZERO);
    }

    #[test]
    fn estimated_widths_grow_with_the_text_and_its_size() {
        assert_eq!(text_width("abcd", 10.0), 24.8);
        assert_eq!(text_width("ab", 20.0), 24.8);
        assert_eq!(text_width("", 16.0), 0.0);
        assert_eq!(text_width("目標", 16.0), 32.0);
    }
}
