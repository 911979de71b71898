//! One law flown two ways: a launcher's `params` give its missiles their own values of a
//! law (augmented pro-nav beside plain pro-nav). A [`Flavour`] is the law with those
//! values, so the legend, the trails, the missiles, the results and the plots tell the
//! two apart: by a label ("pro-nav (augmented)") and by a shade of the law's colour.

use crate::guidance::Algorithm;
use crate::palette::{self, Rgba};
use crate::sim::{Source, World};

/// A law as a launcher flies it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Flavour {
    pub algorithm: Algorithm,
    /// The launcher's own values for the law ("augmented", "root_rule article-max");
    /// empty: the scenario's.
    pub variant: String,
    /// 0 for the scenario's values; 1, 2, … for each other variant of the law, in the
    /// order of the launchers that fly it.
    pub shade: u8,
}

impl Flavour {
    /// The law with the scenario's values.
    pub fn plain(algorithm: Algorithm) -> Flavour {
        Flavour {
            algorithm,
            variant: String::new(),
            shade: 0,
        }
    }

    /// "pro-nav", or "pro-nav (augmented)".
    pub fn label(&self) -> String {
        if self.variant.is_empty() {
            self.algorithm.id().to_string()
        } else {
            format!("{} ({})", self.algorithm.id(), self.variant)
        }
    }

    /// The law's colour, lightened or darkened by its shade: shade 1 halfway to white,
    /// 2 a third of the way to black, 3 four fifths to white, then again.
    pub fn rgba(&self, alpha: f32) -> Rgba {
        let [r, g, b, _] = palette::from_rgb8(self.algorithm.color(), alpha);
        let (toward, amount) = match self.shade % 4 {
            0 => (1.0, 0.0),
            1 => (1.0, 0.5),
            2 => (0.0, 1.0 / 3.0),
            _ => (1.0, 0.8),
        };
        let mix = |c: f32| c + (toward - c) * amount;
        [mix(r), mix(g), mix(b), alpha]
    }
}

/// A launcher's own values for `algorithm`, in words: each of its `params` for that law,
/// a flag by its name ("augmented", "no augmented"), anything else as "name value".
fn variant(world: &World, launcher: usize, algorithm: Algorithm) -> String {
    let Some(l) = world.launchers().get(launcher) else {
        return String::new();
    };
    let prefix = format!("{}.", algorithm.section());
    let words: Vec<String> = l
        .spec
        .params
        .iter()
        .filter_map(|(key, value)| {
            let name = key.strip_prefix(&prefix)?;
            Some(match value {
                crate::core::field::WrittenValue::Flag(true) => name.to_string(),
                crate::core::field::WrittenValue::Flag(false) => format!("no {name}"),
                crate::core::field::WrittenValue::Number(v) => format!("{name} {v}"),
                crate::core::field::WrittenValue::Name(v) => format!("{name} {v}"),
            })
        })
        .collect();
    words.join(", ")
}

/// The flavour of `algorithm` fired from `source` in `world` (a turret's, or a missile
/// without a source, is plain).
pub fn flavour(world: &World, algorithm: Algorithm, source: Option<Source>) -> Flavour {
    let Some(Source::Launcher(launcher)) = source else {
        return Flavour::plain(algorithm);
    };
    // Most launchers have no params: no words to build for each missile of a crowd.
    if world
        .launchers()
        .get(launcher)
        .is_none_or(|l| l.spec.params.is_empty())
    {
        return Flavour::plain(algorithm);
    }
    let own = variant(world, launcher, algorithm);
    if own.is_empty() {
        return Flavour::plain(algorithm);
    }
    let mut seen: Vec<String> = Vec::new();
    for (i, l) in world.launchers().iter().enumerate() {
        if !l.algorithms().contains(&algorithm) {
            continue;
        }
        let v = variant(world, i, algorithm);
        if !v.is_empty() && !seen.contains(&v) {
            seen.push(v);
        }
    }
    let shade = seen.iter().position(|v| *v == own).map_or(1, |k| k + 1);
    Flavour {
        algorithm,
        variant: own,
        shade: u8::try_from(shade).unwrap_or(u8::MAX),
    }
}

/// Every flavour a world's launchers fire (turrets' plain), sorted.
pub fn fired(world: &World) -> Vec<Flavour> {
    let mut out: Vec<Flavour> = world
        .launchers()
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            l.algorithms()
                .iter()
                .map(move |a| flavour(world, *a, Some(Source::Launcher(i))))
        })
        .chain(
            world
                .turrets()
                .iter()
                .map(|t| Flavour::plain(t.spec.algorithm)),
        )
        .collect();
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A law by its id (the laws are named only in their own folder).
    fn law(id: &str) -> Algorithm {
        Algorithm::from_id(id).unwrap()
    }

    fn world(text: &str) -> World {
        crate::scenario::parse(text, "flavour")
            .unwrap()
            .build()
            .unwrap()
    }

    const TWO_WAYS: &str = r#"(version: 1, world: (width: 1000, height: 1000),
        targets: [(name: "t", radius: 5, motion: Static(pos: (900, 500)))],
        launchers: [
            (name: "pn", pos: (100, 500), target: "t", algorithms: ["pro-nav", "smoothed"]),
            (name: "apn", pos: (100, 300), target: "t", algorithms: ["pro-nav"], params: {"pro_nav.augmented": true}),
            (name: "slow", pos: (100, 700), target: "t", algorithms: ["pro-nav", "intercept"], params: {"pro_nav.gain": 3, "intercept.root_rule": "article-max"}),
            (name: "apn again", pos: (100, 100), target: "t", algorithms: ["pro-nav"], params: {"pro_nav.augmented": true}),
        ])"#;

    #[test]
    fn a_launcher_s_params_name_its_flavour_and_shade_it() {
        let w = world(TWO_WAYS);
        let of = |launcher, a| flavour(&w, a, Some(Source::Launcher(launcher)));
        assert_eq!(of(0, law("pro-nav")), Flavour::plain(law("pro-nav")));
        let apn = of(1, law("pro-nav"));
        assert_eq!(apn.label(), "pro-nav (augmented)");
        assert_eq!(apn.shade, 1);
        // Another launcher with the same values is the same flavour.
        assert_eq!(of(3, law("pro-nav")), apn);
        let slow = of(2, law("pro-nav"));
        assert_eq!(slow.label(), "pro-nav (gain 3)");
        assert_eq!(slow.shade, 2);
        // Only the law's own params count: "slow" flies intercept its own way too.
        assert_eq!(
            of(2, law("intercept")).label(),
            "intercept (root_rule article-max)"
        );
        assert_eq!(of(2, law("intercept")).shade, 1);
        assert_eq!(of(0, law("smoothed")).label(), "smoothed");
        // No launcher (a turret's missile): plain.
        assert_eq!(
            flavour(&w, law("pro-nav"), None),
            Flavour::plain(law("pro-nav"))
        );
        let labels: Vec<String> = fired(&w).iter().map(Flavour::label).collect();
        assert_eq!(
            labels,
            [
                "smoothed",
                "intercept (root_rule article-max)",
                "pro-nav",
                "pro-nav (augmented)",
                "pro-nav (gain 3)"
            ]
        );
    }

    #[test]
    fn shades_lighten_and_darken_the_law_s_colour() {
        let base = palette::from_rgb8(law("pro-nav").color(), 0.5);
        let shaded = |shade| {
            Flavour {
                shade,
                ..Flavour::plain(law("pro-nav"))
            }
            .rgba(0.5)
        };
        assert_eq!(shaded(0), base);
        for (k, &b) in base.iter().enumerate().take(3) {
            let c = shaded(1)[k];
            assert!((c - (b + (1.0 - b) * 0.5)).abs() < 1e-6, "halfway to white");
            let d = shaded(2)[k];
            assert!((d - b * (2.0 / 3.0)).abs() < 1e-6, "a third to black");
            let e = shaded(3)[k];
            assert!((e - (b + (1.0 - b) * 0.8)).abs() < 1e-6);
            assert_eq!(shaded(4)[k], b, "then again");
        }
        assert_eq!(shaded(1)[3], 0.5, "alpha kept");
        // Flags off read "no …".
        let w = world(
            r#"(version: 1, world: (width: 100, height: 100),
            targets: [(name: "t", radius: 5, motion: Static(pos: (90, 50)))],
            launchers: [(pos: (10, 50), target: "t", algorithms: ["pro-nav"], params: {"pro_nav.augmented": false})])"#,
        );
        assert_eq!(
            flavour(&w, law("pro-nav"), Some(Source::Launcher(0))).label(),
            "pro-nav (no augmented)"
        );
    }
}
