//! The generated test in C#: a console program (`mcs`, `mono`) reading the vectors file.

use super::{check_fields, launch_args, look, set_fields, step_args, Checked, Checks, TOLERANCE};
use crate::export::emit::Writer;
use crate::export::lang::Lang;

pub(super) fn write(
    w: &mut Writer,
    class: &str,
    names: &[(String, bool)],
    checked: &[Checked],
    vectors: &str,
    seeker: &Option<String>,
) {
    w.lines(&format!(
        r#"using System;
using System.Globalization;
using System.IO;

public static class {class}Test
{{
    const double Tolerance = {TOLERANCE};
    static string[] header, cells;
    static int failures;
    static double worst;
    static string worstAt = "";
    // A refused launch has no fields after it to check.
    static bool skip;

    static float Col(string name) =>
        float.Parse(cells[Array.IndexOf(header, name)], CultureInfo.InvariantCulture);

    static void Check(string field, double got, double want, bool angle, double scale)
    {{
        if (skip) return;
        double gap = angle ? Math.Abs(Math.Atan2(Math.Sin(got - want), Math.Cos(got - want))) : Math.Abs(got - want);
        double error = gap / Math.Max(scale, Math.Abs(want));
        if (!(error <= worst)) {{ worst = error; worstAt = field + " at tick " + cells[1]; }}
        if (!(error <= Tolerance))
        {{
            failures++;
            Console.WriteLine("tick " + cells[1] + ": " + field + " is " + got + ", steerlab has " + want);
        }}
    }}

    public static int Main(string[] args)
    {{
        string[] lines = File.ReadAllLines(args.Length > 0 ? args[0] : "{vectors}");
        header = lines[0].Split(',');
        int rows = 0;{seekers}
        for (int i = 1; i < lines.Length; i++)
        {{
            if (lines[i].Length == 0) continue;
            cells = lines[i].Split(',');"#,
        seekers = seeker.as_ref().map_or(String::new(), |s| format!(
            "\n        var seekers = new System.Collections.Generic.Dictionary<string, {s}>();\n        int looks = 0;"
        )),
    ));
    w.depth = 3;
    if let Some(s) = seeker {
        look(w, Lang::CSharp, s, "Col", "Check");
    }
    w.line(&format!("var m = new {class}();"));
    set_fields(w, Lang::CSharp, names, |n| format!("Col(\"{n}\")"), "!= 0f");
    w.line("bool launch = cells[0] == \"launch\";");
    w.line(&format!(
        "int signal = launch ? (m.Launch({}) ? 1 : 0) : (int)m.Step({});",
        launch_args(|i| format!("Col(\"{i}\")")),
        step_args(|i| format!("Col(\"{i}\")"))
    ));
    w.line("skip = launch && signal == 0;");
    w.line("if (signal != (int)Col(\"signal\")) { failures++; Console.WriteLine(\"tick \" + cells[1] + \": signal \" + signal); }");
    let checks = Checks {
        call: "Check",
        number: &|m| m.to_string(),
        flag: &|m| format!("({m} ? 1 : 0)"),
        want: &|n| format!("Col(\"after_{n}\")"),
    };
    check_fields(w, Lang::CSharp, checked, &checks);
    w.line("rows++;");
    w.depth = 0;
    w.line("        }");
    if let Some(s) = seeker {
        w.line(&format!(
            "        Console.WriteLine(\"{s} C#: \" + looks + \" looks\");"
        ));
    }
    w.lines(&format!(
        r#"        Console.WriteLine("{class} C#: " + rows + " steps, worst error " + worst.ToString("E2", CultureInfo.InvariantCulture) + " (" + worstAt + "), " + failures + " failures");
        return failures == 0 && rows > 0 ? 0 : 1;
    }}
}}"#
    ));
}
