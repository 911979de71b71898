//! The printed code of a lane with an airframe and a seeker, in each language: steering
//! then flying, the solver's unused assignments, every look checked by the test, and
//! `fly`'s arguments.

use super::*;

/// `law`'s code and test in `lang` through the airframe scenario's airframe and seeker.
fn exported(law: &str, lang: Lang) -> (String, String) {
    let algorithm = Algorithm::from_id(law).unwrap();
    let flown = scenario(law, AIRFRAME, "(0, 30)");
    let vectors = vectors(&flown, algorithm, 1.0).unwrap();
    let law_file = lang.file_name(law);
    let test = test_code(algorithm, &flown, lang, &law_file, "v.csv", &vectors).unwrap();
    (code(algorithm, &flown, lang, None).unwrap(), test)
}

#[track_caller]
fn holds(text: &str, part: &str) {
    assert!(text.contains(part), "no\n{part}\nin:\n{text}");
}

#[test]
fn each_language_steps_by_steering_then_flying() {
    let (cs, _) = exported("smoothed", Lang::CSharp);
    holds(
        &cs,
        "    public Signal Step(float targetX, float targetY, float targetVx, float targetVy, float dt)
    {
        float beforeVelX = velX;
        float beforeVelY = velY;
        float beforeHeading = heading;
        Signal signal = Steer(targetX, targetY, targetVx, targetVy, dt);
        Fly(beforeVelX, beforeVelY, beforeHeading, dt);
        return signal;
    }
",
    );
    holds(&cs, "\n    Signal Steer(float targetX,");
    holds(&cs, "\n    void Fly(float beforeVelX, float beforeVelY, float beforeHeading, float dt)\n    {\n");
    holds(&cs, "\n}\n\n#if UNITY_5_3_OR_NEWER");
    holds(&cs, "    readonly SmoothedMissile missile = new SmoothedMissile();\n    readonly SmoothedSeeker seeker = new SmoothedSeeker();\n");
    let (cpp, _) = exported("smoothed", Lang::Cpp);
    holds(
        &cpp,
        "        const Signal signal = steer(target_x, target_y, target_vx, target_vy, dt);
        fly(before_vel_x, before_vel_y, before_heading, dt);
        return signal;
    }

private:
    // The law's move, as if the missile were an ideal point.
    Signal steer(
",
    );
    holds(
        &cpp,
        "    void fly(float before_vel_x, float before_vel_y, float before_heading, float dt) {\n",
    );
    // One `private:` for the class's own (the seeker's class has its own).
    assert_eq!(cpp.matches("\nprivate:\n").count(), 2, "{cpp}");
    holds(
        &cpp,
        "#include <array>\n#include <cmath>\n#include <deque>\n",
    );
    holds(
        &cpp,
        "    SmoothedMissile Missile;\n    SmoothedSeeker Seeker;\n",
    );
    holds(&cpp, "        Seeker.look(T.X, T.Y, V.X, V.Y, DeltaTime);\n        const auto Signal = Missile.step(Seeker.seen_x, Seeker.seen_y, Seeker.seen_vx, Seeker.seen_vy, DeltaTime);");
    let (ts, _) = exported("smoothed", Lang::TypeScript);
    holds(
        &ts,
        "        const beforeVelX = this.velX;
        const beforeVelY = this.velY;
        const beforeHeading = this.heading;
        const signal = this.steer(targetX, targetY, targetVx, targetVy, dt);
        this.fly(beforeVelX, beforeVelY, beforeHeading, dt);
        return signal;
    }
",
    );
    holds(&ts, "    private steer(\n");
    holds(&ts, "    private fly(\n        beforeVelX: number,\n");
    holds(&ts, "export function homing(missile: SmoothedMissile, dt: number, seeker = new SmoothedSeeker())");
    holds(&ts, "        seeker.look(targetX, targetY, (targetX - lx) / dt, (targetY - ly) / dt, dt);\n        return missile.step(seeker.seenX, seeker.seenY, seeker.seenVx, seeker.seenVy, dt);");
    let (gd, _) = exported("smoothed", Lang::GdScript);
    holds(
        &gd,
        "\t\tvar before_vel_x: float = vel_x
\t\tvar before_vel_y: float = vel_y
\t\tvar before_heading: float = heading
\t\tvar outcome: int = _steer(target_x, target_y, target_vx, target_vy, dt)
\t\t_fly(before_vel_x, before_vel_y, before_heading, dt)
\t\treturn outcome

\t# The law's move, as if the missile were an ideal point.
\tfunc _steer(
",
    );
    holds(
        &gd,
        "\t) -> void:\n\t\t# The acceleration the law's move asked for.\n",
    );
    holds(&gd, "\tfunc _fly(\n\t\tbefore_vel_x: float,\n");
    // The seeker's class after the missile's, each at the top level, ending the file.
    holds(&gd, "\n\n\n# The missile's seeker");
    holds(&gd, "\nclass SmoothedSeeker:\n");
    assert!(
        gd.ends_with("\t\treturn int(max(round(1.0 / (RATE * dt)), 1.0))\n"),
        "{gd}"
    );
    holds(
        &gd,
        "var missile = SmoothedMissile.new()\nvar seeker = SmoothedSeeker.new()\n",
    );
    holds(&gd, "\tseeker.look(t.x, t.y, v.x, v.y, delta)\n\tvar outcome = missile.step(seeker.seen_x, seeker.seen_y, seeker.seen_vx, seeker.seen_vy, delta)");
    let (rs, _) = exported("smoothed", Lang::Rust);
    holds(&rs, "        let signal = self.steer(target_x, target_y, target_vx, target_vy, dt);\n        self.fly(before_vel_x, before_vel_y, before_heading, dt);\n        signal\n    }\n");
    holds(&rs, "    fn fly(&mut self, before_vel_x: f32, before_vel_y: f32, before_heading: f32, dt: f32) {\n");
    holds(&rs, "            let homing = &mut *homing;\n");
    holds(&rs, "        pub missile: super::SmoothedMissile,\n        pub seeker: super::SmoothedSeeker,\n");
    holds(&rs, "            homing.seeker.look(t.x, t.y, v.x, v.y, dt);\n            let signal = homing.missile.step(homing.seeker.seen_x, homing.seeker.seen_y, homing.seeker.seen_vx, homing.seeker.seen_vy, dt);");
}

#[test]
fn only_the_law_s_own_solver_allows_unused_assignments() {
    // The quartic's step uses a solver block: its `steer` allows what the solver leaves
    // unused; the `step` that calls it, and `fly`, do not.
    let (rs, _) = exported("quartic", Lang::Rust);
    holds(&rs, "    #[allow(unused_assignments)]\n    fn steer(\n");
    assert!(
        !rs.contains("#[allow(unused_assignments)]\n    pub fn step("),
        "{rs}"
    );
    assert!(
        !rs.contains("#[allow(unused_assignments)]\n    fn fly("),
        "{rs}"
    );
    // Without an airframe, `step` is the law's own.
    let quartic = Algorithm::from_id("quartic").unwrap();
    let plain = code(
        quartic,
        &scenario("quartic", "(lifetime: 6)", "(0, 0)"),
        Lang::Rust,
        None,
    )
    .unwrap();
    holds(
        &plain,
        "    #[allow(unused_assignments)]\n    pub fn step(\n",
    );
}

#[test]
fn each_language_s_test_checks_every_look() {
    let (_, cs) = exported("smoothed", Lang::CSharp);
    holds(
        &cs,
        "            if (cells[0] == \"look\")
            {
                // The seeker of the row's missile looks at the target as it truly is.
                if (!seekers.TryGetValue(cells[2], out var seeker))
                    seekers[cells[2]] = seeker = new SmoothedSeeker();
                seeker.Look(Col(\"target_x\"), Col(\"target_y\"), Col(\"target_vx\"), Col(\"target_vy\"), Col(\"dt\"));
                skip = false;
                Check(\"seen_x\", seeker.seenX, Col(\"seen_x\"), false, 1.0);
                Check(\"seen_y\", seeker.seenY, Col(\"seen_y\"), false, 1.0);
                Check(\"seen_vx\", seeker.seenVx, Col(\"seen_vx\"), false, 1.0);
                Check(\"seen_vy\", seeker.seenVy, Col(\"seen_vy\"), false, 1.0);
                looks += 1;
                continue;
            }
            var m = new SmoothedMissile();
",
    );
    holds(
        &cs,
        "        Console.WriteLine(\"SmoothedSeeker C#: \" + looks + \" looks\");\n",
    );
    let (_, cpp) = exported("smoothed", Lang::Cpp);
    holds(
        &cpp,
        "        if (cells[0] == \"look\") {\n            // The seeker",
    );
    holds(&cpp, "            SmoothedSeeker& seeker = seekers[cells[2]];\n            seeker.look(col(\"target_x\"),");
    holds(&cpp, "            check(\"seen_vy\", seeker.seen_vy, col(\"seen_vy\"), false, 1.0);\n            looks += 1;\n            continue;\n        }\n        SmoothedMissile m;\n");
    holds(
        &cpp,
        "    std::printf(\"SmoothedSeeker C++: %d looks\\n\", looks);\n",
    );
    let (_, ts) = exported("smoothed", Lang::TypeScript);
    holds(
        &ts,
        "import { SmoothedMissile, SmoothedSeeker } from \"./smoothedMissile\";",
    );
    holds(
        &ts,
        "    if (cells[0] === \"look\") {\n        // The seeker",
    );
    holds(&ts, "        const seeker = seekers.get(cells[2]) ?? new SmoothedSeeker();\n        seekers.set(cells[2], seeker);\n");
    holds(
        &ts,
        "        check(\"seen_x\", seeker.seenX, col(\"seen_x\"), false, 1.0);\n",
    );
    holds(
        &ts,
        "        continue;\n    }\n    const m = new SmoothedMissile();\n",
    );
    holds(
        &ts,
        "console.log(`SmoothedSeeker TypeScript: ${looks} looks`);\n",
    );
    let (_, gd) = exported("smoothed", Lang::GdScript);
    holds(
        &gd,
        "\t\tif cells[0] == \"look\":
\t\t\t# The seeker of the row's missile looks at the target as it truly is.
\t\t\tif not seekers.has(cells[2]):
\t\t\t\tseekers[cells[2]] = Law.SmoothedSeeker.new()
\t\t\tvar seeker = seekers[cells[2]]
",
    );
    holds(
        &gd,
        "\t\t\tlooks += 1\n\t\t\tcontinue\n\t\tvar m = Law.SmoothedMissile.new()\n",
    );
    holds(
        &gd,
        "\tprint(\"SmoothedSeeker GDScript: %d looks\" % looks)\n",
    );
    let (_, rs) = exported("smoothed", Lang::Rust);
    holds(
        &rs,
        "        if cells[0] == \"look\" {\n            // The seeker",
    );
    holds(
        &rs,
        "            let seeker = seekers.entry(cells[2].to_string()).or_default();\n",
    );
    holds(&rs, "            for (field, got) in [(\"seen_x\", seeker.seen_x), (\"seen_y\", seeker.seen_y), (\"seen_vx\", seeker.seen_vx), (\"seen_vy\", seeker.seen_vy)] {\n");
    holds(&rs, "                if !(error <= 1e-3) {\n");
    holds(&rs, "            looks += 1;\n            continue;\n        }\n        let mut m = law::SmoothedMissile::default();\n");
    holds(
        &rs,
        "    println!(\"SmoothedSeeker Rust: {looks} looks\");\n",
    );
}

#[test]
fn fly_s_arguments_are_not_states_and_it_returns_nothing() {
    let file = step::parse("state before_heading = 1;\nfn step { }\n").unwrap();
    let error = file_of(&file).unwrap_err();
    assert!(
        error.contains("`state before_heading`: an argument has that name"),
        "{error}"
    );
    let file = step::parse("fn step { }\nfn fly { return detonate; }\n").unwrap();
    let error = file_of(&file).unwrap_err();
    assert!(error.contains("`return` in fly"), "{error}");
    // A fly that moves the body is printed after the law's step.
    let file = step::parse("fn step { }\nfn fly { pos_x = pos_x + before_vel_x * dt; }\n").unwrap();
    let code = file_of(&file).unwrap();
    assert!(
        code.contains("self.pos_x = self.pos_x + before_vel_x * dt;"),
        "{code}"
    );
}
