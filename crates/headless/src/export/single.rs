//! A law defined in single precision (`precision single`: Newton's) in the languages of
//! doubles, TypeScript and GDScript: every operation's result is rounded to single
//! precision ([`super::lang::Lang::rounded`]), and the arctangent is steerlab's own,
//! operation by operation. steerlab's `atan2f` (musl's, from FreeBSD's msun) computes in
//! floats, and a double `atan2` rounded to single precision differs from it in the last
//! bit in 16% of calls, which sends Newton's iterations elsewhere; the sine and cosine
//! rounded from doubles differ in 0.03% of calls, less than a C library's `sinf` (1.3%).

use super::lang::Lang;

/// The call of steerlab's single-precision `atan2(y, x)` in `lang`.
pub fn atan2(lang: Lang, args: &str) -> String {
    match lang {
        Lang::TypeScript => format!("atan2Single({args})"),
        _ => format!("atan2_single({args})"),
    }
}

/// The helpers that define it, in `lang` (TypeScript or GDScript): the arctangent of a
/// quotient and of a number, with musl's constants and argument reduction.
pub fn helpers(lang: Lang) -> &'static str {
    match lang {
        Lang::TypeScript => TYPESCRIPT,
        _ => GDSCRIPT,
    }
}

const TYPESCRIPT: &str = r#"/** The arctangent of a number in single precision, as steerlab computes it (musl's atanf,
 * from FreeBSD's msun): its argument reduction and polynomial, each operation rounded. */
function atanSingle(a: number): number {
    const f = Math.fround;
    const hi = [4.6364760399e-1, 7.8539812565e-1, 9.8279368877e-1, 1.5707962513].map(f);
    const lo = [5.012158244e-9, 3.7748947079e-8, 3.447321717e-8, 7.5497894159e-8].map(f);
    const t = [3.3333328366e-1, -1.9999158382e-1, 1.4253635705e-1, -1.0648017377e-1, 6.1687607318e-2].map(f);
    if (Number.isNaN(a)) return a;
    const negative = a < 0 || Object.is(a, -0);
    let x = a;
    if (Math.abs(x) >= 67108864) return negative ? -hi[3] : hi[3];
    let id = -1;
    if (Math.abs(x) < 0.4375) {
        if (Math.abs(x) < 0.000244140625) return x;
    } else {
        x = Math.abs(x);
        if (x < 1.1875) {
            if (x < 0.6875) {
                x = f(f(f(2 * x) - 1) / f(2 + x));
                id = 0;
            } else {
                x = f(f(x - 1) / f(x + 1));
                id = 1;
            }
        } else if (x < 2.4375) {
            x = f(f(x - 1.5) / f(1 + f(1.5 * x)));
            id = 2;
        } else {
            x = f(-1 / x);
            id = 3;
        }
    }
    const z = f(x * x);
    const w = f(z * z);
    const s1 = f(z * f(t[0] + f(w * f(t[2] + f(w * t[4])))));
    const s2 = f(w * f(t[1] + f(w * t[3])));
    if (id < 0) return f(x - f(x * f(s1 + s2)));
    const r = f(hi[id] - f(f(f(x * f(s1 + s2)) - lo[id]) - x));
    return negative ? -r : r;
}

/** The angle of (x, y) in single precision, as steerlab computes it (musl's atan2f). */
function atan2Single(y: number, x: number): number {
    const f = Math.fround;
    const pi = f(3.141592741);
    const piLo = f(-8.7422776573e-8);
    if (Number.isNaN(x) || Number.isNaN(y)) return f(x + y);
    if (x === 1) return atanSingle(y);
    const m = (y < 0 || Object.is(y, -0) ? 1 : 0) + (x < 0 || Object.is(x, -0) ? 2 : 0);
    const ax = Math.abs(x);
    const ay = Math.abs(y);
    if (ay === 0) return m < 2 ? y : m === 2 ? pi : -pi;
    if (ax === 0) return m % 2 === 1 ? -pi / 2 : pi / 2;
    if (ax === Infinity) {
        if (ay === Infinity) return [pi / 4, -pi / 4, f(3 * pi) / 4, -f(3 * pi) / 4][m];
        return [0, -0, pi, -pi][m];
    }
    if (ax * 67108864 < ay || ay === Infinity) return m % 2 === 1 ? -pi / 2 : pi / 2;
    const z = m >= 2 && ay * 67108864 < ax ? 0 : atanSingle(Math.abs(f(y / x)));
    return [z, -z, f(pi - f(z - piLo)), f(f(z - piLo) - pi)][m];
}"#;

const GDSCRIPT: &str = r#"# The arctangent of a number in single precision, as steerlab computes it (musl's atanf,
# from FreeBSD's msun): its argument reduction and polynomial, each operation rounded.
static func atan_single(a: float) -> float:
	var hi = [
		f32(4.6364760399e-1), f32(7.8539812565e-1), f32(9.8279368877e-1), f32(1.5707962513)
	]
	var lo = [
		f32(5.012158244e-9), f32(3.7748947079e-8), f32(3.447321717e-8), f32(7.5497894159e-8)
	]
	var t = [
		f32(3.3333328366e-1),
		f32(-1.9999158382e-1),
		f32(1.4253635705e-1),
		f32(-1.0648017377e-1),
		f32(6.1687607318e-2)
	]
	var r = a
	var x = abs(a)
	if is_nan(a) or x < 0.000244140625:
		r = a
	elif x >= 67108864.0:
		r = -hi[3] if a < 0.0 else hi[3]
	else:
		var id = 3
		if x < 0.4375:
			id = -1
			x = a
		elif x < 0.6875:
			x = f32(f32(f32(2.0 * x) - 1.0) / f32(2.0 + x))
			id = 0
		elif x < 1.1875:
			x = f32(f32(x - 1.0) / f32(x + 1.0))
			id = 1
		elif x < 2.4375:
			x = f32(f32(x - 1.5) / f32(1.0 + f32(1.5 * x)))
			id = 2
		else:
			x = f32(-1.0 / x)
		var z = f32(x * x)
		var w = f32(z * z)
		var s1 = f32(z * f32(t[0] + f32(w * f32(t[2] + f32(w * t[4])))))
		var s2 = f32(w * f32(t[1] + f32(w * t[3])))
		if id < 0:
			r = f32(x - f32(x * f32(s1 + s2)))
		else:
			r = f32(hi[id] - f32(f32(f32(x * f32(s1 + s2)) - lo[id]) - x))
			if a < 0.0:
				r = -r
	return r


# The angle of (x, y) in single precision, as steerlab computes it (musl's atan2f; a
# zero's sign is not told apart).
static func atan2_single(y: float, x: float) -> float:
	var pi = f32(3.141592741)
	var pi_lo = f32(-8.7422776573e-8)
	var m = (1 if y < 0.0 else 0) + (2 if x < 0.0 else 0)
	var ax = abs(x)
	var ay = abs(y)
	var r = 0.0
	if is_nan(x) or is_nan(y):
		r = f32(x + y)
	elif x == 1.0:
		r = atan_single(y)
	elif ay == 0.0:
		r = y if m < 2 else (pi if m == 2 else -pi)
	elif ax == 0.0 or (not is_inf(ax) and (ax * 67108864.0 < ay or is_inf(ay))):
		r = -pi / 2.0 if m % 2 == 1 else pi / 2.0
	elif is_inf(ax) and is_inf(ay):
		r = [pi / 4.0, -pi / 4.0, f32(3.0 * pi) / 4.0, -f32(3.0 * pi) / 4.0][m]
	elif is_inf(ax):
		r = [0.0, -0.0, pi, -pi][m]
	else:
		var z = 0.0 if m >= 2 and ay * 67108864.0 < ax else atan_single(abs(f32(y / x)))
		r = [z, -z, f32(pi - f32(z - pi_lo)), f32(f32(z - pi_lo) - pi)][m]
	return r"#;
