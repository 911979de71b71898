# The engine-free core of steerlab's live link (docs/live.md), in the part of GDScript
# that Godot 3.2+ and Godot 4 share: no `extends` (Reference in 3, RefCounted in 4), no
# engine classes, only ints, floats, Strings, Arrays and Dictionaries.
#
# It builds the messages a game sends (hello, params, frame, applied, bye), reads the
# lines steerlab sends (welcome, set, pause, step, resume, error) from raw bytes, keeps
# the game's parameters, and writes the offline CSV (steerlab's columns). The transport
# (a StreamPeerTCP, a file) is the engine's: steerlab_link.gd for Godot 4, demo3.gd for
# Godot 3. It moves text, never touches a socket.
#
# Numbers go out as the shortest decimal that reads back as the same 64-bit float, written
# without exponent, digit for digit what Rust's `{}` prints (so the CSV's rows are
# steerlab's); numbers come in rounded correctly (exact for any JSON number). Neither
# engine's str() or to_float() is exact, so both are computed here: with exact float
# tricks for 1e-6 <= |x| < 1e16 (about 8 us a number on Godot 3.2), with big integers
# otherwise. Godot 3 traps avoided: float(n) and an int passed to a `float` argument
# go through 32 bits (n * 1.0 does not), String.to_int() is 32-bit, Vector2 is 32-bit.

const PROTOCOL = 1
const CSV_HEADER = "tick,time,id,kind,algorithm,x,y,vx,vy,heading,ax,ay,seen_x,seen_y"
const MAX_LINE_BYTES = 1048576
const _LIMB = 1000000000
const _LIMB_DIGITS = 9
const _POW5_13 = 1220703125
const _TWO_52 = 4503599627370496
const _TWO_53 = 9007199254740992
const _MIN_EXP = -1074
const _DIGITS = "0123456789"
const _HEX = "0123456789abcdef"
const _POW10 = [
	1,
	10,
	100,
	1000,
	10000,
	100000,
	1000000,
	10000000,
	100000000,
	1000000000,
	10000000000,
	100000000000,
	1000000000000,
	10000000000000,
	100000000000000,
	1000000000000000,
	10000000000000000,
	100000000000000000,
	1000000000000000000,
]

# The game's name and its fixed tick rate (ticks per second).
var game = "Godot game"
var tick_rate = 60
# The tick of the next frame (frames are numbered from 0, one per tick).
var tick = 0
# Whether lines are kept for steerlab (false: the link is offline, frames only go to CSV).
var online = true
# Whether steerlab paused the game's clock (see should_tick).
var paused = false
# The last `error` steerlab sent, "field: message" (steerlab closes the link after it).
var last_error = ""

var _params = []
var _out = ""
var _csv = ""
var _events = []
var _in = []
var _in_overflow = false
var _steps_pending = 0
var _header_written = false
var _said_hello = false
var _src = ""
var _at = 0


func _init(game_name = "Godot game", ticks_per_second = 60):
	game = game_name
	tick_rate = ticks_per_second
	_csv = ("# steerlab live capture: %s, %d ticks per second\n" % [game, tick_rate])


# --- what the game does ---------------------------------------------------------------


# Sends `hello` (and the parameters declared so far). Call once, when the link opens;
# lines queued before (frames of a link still opening) go after them.
func start() -> void:
	_said_hello = true
	var first = (
		'{"type":"hello","protocol":%d,"game":%s,"tick_rate":%d}\n'
		% [
			PROTOCOL,
			json_text(game),
			tick_rate,
		]
	)
	if _params.size() > 0:
		first += _params_message() + "\n"
	if online:
		_out = first + _out


# Declares (or redeclares) a parameter; steerlab may `set` it. Returns its value.
func declare(param_name: String, lo, hi, def_value, unit = ""):
	lo = lo * 1.0
	hi = hi * 1.0
	def_value = def_value * 1.0
	var value = def_value
	for p in _params:
		if p["name"] == param_name:
			value = p["value"]
	if value < lo or value > hi:
		value = def_value
	var entry = {"name": param_name, "min": lo, "max": hi, "default": def_value}
	entry["value"] = value
	entry["unit"] = unit
	var kept = []
	for p in _params:
		if p["name"] != param_name:
			kept.append(p)
	kept.append(entry)
	_params = kept
	if _said_hello:
		_send(_params_message())
	_csv += "# param %s\n" % _param_text(entry)
	return value


# A parameter's value now (`fallback` if it was never declared).
func get_value(param_name: String, fallback = 0.0):
	for p in _params:
		if p["name"] == param_name:
			return p["value"]
	return fallback


# Sends the frame of the next tick and adds its rows to the CSV. An entity is a
# Dictionary: id (int), kind ("target" or "missile"), label (optional String), x, y,
# vx, vy, heading (floats), and optionally ax, ay and seen_x, seen_y (each pair together).
func frame(entities: Array) -> void:
	if not _header_written:
		_header_written = true
		_csv += CSV_HEADER + "\n"
	var time = tick * (1.0 / tick_rate)
	var head = "%d,%s," % [tick, format_number(time)]
	var parts = []
	for e in entities:
		var label = str(e.get("label", ""))
		var json = '{"id":%d,"kind":%s' % [int(e["id"]), json_text(str(e["kind"]))]
		if label != "":
			json += ',"label":' + json_text(label)
		var row = head + "%d,%s,%s" % [int(e["id"]), str(e["kind"]), _csv_field(label)]
		for key in ["x", "y", "vx", "vy", "heading", "ax", "ay", "seen_x", "seen_y"]:
			if e.has(key):
				var text = format_number(e[key] * 1.0)
				json += ',"%s":%s' % [key, _json_number(text)]
				row += "," + text
			else:
				row += ","
		parts.append(json + "}")
		_csv += row + "\n"
	var list = ""
	for i in range(parts.size()):
		list += ("," if i > 0 else "") + parts[i]
	_send(
		(
			'{"type":"frame","tick":%d,"time":%s,"entities":[%s]}'
			% [tick, _json_number(format_number(time)), list]
		)
	)
	tick += 1


# Says `bye` (before the link closes).
func bye() -> void:
	_send('{"type":"bye"}')


# Whether the game should run a tick now: true unless steerlab paused it; while paused,
# true once for each `step`.
func should_tick() -> bool:
	if not paused:
		return true
	if _steps_pending > 0:
		_steps_pending -= 1
		return true
	return false


# --- what the transport does ------------------------------------------------------------


# The text to send (lines, each ending in "\n"), emptied by the call.
func take_output() -> String:
	var text = _out
	_out = ""
	return text


# The CSV text to append to the offline file, emptied by the call.
func take_csv() -> String:
	var text = _csv
	_csv = ""
	return text


# Takes bytes steerlab sent (an Array, a PoolByteArray or a PackedByteArray: anything
# indexed by ints 0-255) and handles every line they complete.
func feed(bytes) -> void:
	for i in range(bytes.size()):
		var b = int(bytes[i])
		if b != 10:
			if _in.size() < MAX_LINE_BYTES:
				_in.append(b)
			else:
				_in_overflow = true
			continue
		var line = utf8_text(_in)
		_in = []
		if _in_overflow:
			_in_overflow = false
			_event({"type": "bad", "line": line.substr(0, 80)})
		else:
			handle_line(line)


# What happened since the last call, oldest first, emptied by the call. Each is the
# message as a Dictionary ("type": "welcome", "set", "pause", "step", "resume", "error" or
# "bad" for a line that is not a message); a taken set also has "applied": true.
func take_events() -> Array:
	var list = _events
	_events = []
	return list


# Handles one line steerlab sent (without its "\n").
func handle_line(line: String) -> void:
	if line.ends_with("\r"):
		line = line.substr(0, line.length() - 1)
	if line.strip_edges() == "":
		return
	var message = parse_json(line)
	if typeof(message) != typeof({}) or not message.has("type"):
		_event({"type": "bad", "line": line.substr(0, 80)})
		return
	var kind = str(message["type"])
	if kind == "set":
		_take_set(message)
	elif kind == "pause":
		paused = true
	elif kind == "resume":
		paused = false
		_steps_pending = 0
	elif kind == "step":
		_steps_pending += 1
	elif kind == "error":
		var field = str(message.get("field", ""))
		var text = str(message.get("message", ""))
		last_error = text if field == "" else field + ": " + text
	_event(message)


# --- numbers ---------------------------------------------------------------------------


# The shortest decimal that reads back as x exactly, without exponent ("0.1", "400",
# "-2.5", "0.0000001"): what Rust's `{}` prints. "NaN", "inf" or "-inf" if not finite.
static func format_number(x) -> String:
	x = x * 1.0
	if is_nan(x):
		return "NaN"
	if is_inf(x):
		return "inf" if x > 0 else "-inf"
	var minus = "-" if x < 0 or (x == 0 and atan2(x, -1.0) < 0) else ""
	if x == 0:
		return minus + "0"
	var parts = _split(x)
	var m = parts[0]
	var e = parts[1]
	var quick = _shortest_quick(abs(x), m, e)
	if quick != "":
		return minus + quick
	# |x| = 4m * 2^(e-2); the midpoints to its neighbours are (4m - 2) and (4m + 2) times
	# that power ((4m - 1) below a power of two). All three are written exactly, as
	# decimal integers of the same length times 10^-q.
	var power = [1]
	if e >= 2:
		_big_mul_pow(power, 2, e - 2)
	else:
		_big_mul_pow(power, 5, 2 - e)
	var gap = 1 if m == _TWO_52 and e > _MIN_EXP else 2
	var hi = _big_decimal(_big_times(power, 4 * m + 2))
	var v = _big_decimal(_big_times(power, 4 * m))
	var lo = _big_decimal(_big_times(power, 4 * m - gap))
	v = _zeros(hi.length() - v.length()) + v
	lo = _zeros(hi.length() - lo.length()) + lo
	return minus + _shortest(lo, v, hi, m % 2 == 0, 0 if e >= 2 else 2 - e)


# The 64-bit float nearest to a JSON number's text (ties to even), or NAN if the text is
# not a number.
static func parse_number(text: String) -> float:
	var t = text.strip_edges()
	var negative = t.begins_with("-")
	if negative:
		t = t.substr(1, t.length() - 1)
	var exp10 = 0
	var cut = t.to_lower().find("e")
	if cut >= 0:
		var tail = t.substr(cut + 1, t.length() - cut - 1)
		var exp_sign = -1 if tail.begins_with("-") else 1
		if tail.begins_with("-") or tail.begins_with("+"):
			tail = tail.substr(1, tail.length() - 1)
		if not _all_digits(tail) or tail.length() > 6:
			return NAN
		exp10 = exp_sign * _int(tail)
		t = t.substr(0, cut)
	var point = t.find(".")
	if point >= 0:
		exp10 -= t.length() - point - 1
		t = t.substr(0, point) + t.substr(point + 1, t.length() - point - 1)
	if not _all_digits(t):
		return NAN
	var x = _decimal_to_float(t, exp10)
	return -x if negative else x


# --- JSON ------------------------------------------------------------------------------


# A String as JSON text, quoted and escaped.
static func json_text(s: String) -> String:
	var out = ""
	for i in range(s.length()):
		var c = s[i]
		if c == '"' or c == "\\":
			out += "\\" + c
		elif c < " ":
			out += _control_escape(c)
		else:
			out += c
	return '"' + out + '"'


# Reads one JSON value (numbers without fraction or exponent as ints, others as floats,
# rounded exactly); null if the text is not JSON.
func parse_json(text: String):
	_src = text
	_at = 0
	var value = _value()
	_skip_space()
	if _at != _src.length():
		return null
	return value


# Text from UTF-8 bytes (an Array or a byte array); a broken sequence reads as U+FFFD.
static func utf8_text(bytes) -> String:
	var out = ""
	var i = 0
	var n = bytes.size()
	while i < n:
		var b = int(bytes[i])
		var more = 0
		var code = b
		if b >= 0xF0 and b < 0xF8:
			more = 3
			code = b & 0x07
		elif b >= 0xE0:
			more = 2
			code = b & 0x0F
		elif b >= 0xC0:
			more = 1
			code = b & 0x1F
		elif b >= 0x80:
			code = 0xFFFD
		var j = 1
		while j <= more and i + j < n and (int(bytes[i + j]) & 0xC0) == 0x80:
			code = (code << 6) | (int(bytes[i + j]) & 0x3F)
			j += 1
		if j <= more or b >= 0xF8 or code > 0x10FFFF or (code >= 0xD800 and code < 0xE000):
			code = 0xFFFD
		if code != 0:
			out += char(code)
		i += j
	return out


# --- private: messages -------------------------------------------------------------------


func _send(line: String) -> void:
	if online:
		_out += line + "\n"


func _event(message: Dictionary) -> void:
	_events.append(message)


func _take_set(message: Dictionary) -> void:
	var param_name = str(message.get("name", ""))
	var value = message.get("value", null)
	if typeof(value) != typeof(1) and typeof(value) != typeof(1.0):
		return
	for p in _params:
		if p["name"] == param_name:
			p["value"] = value * 1.0
			message["value"] = value * 1.0
			message["applied"] = true
			var text = format_number(value * 1.0)
			_send(
				(
					'{"type":"applied","name":%s,"value":%s,"tick":%d}'
					% [json_text(param_name), _json_number(text), tick]
				)
			)
			_csv += "# applied %s = %s from tick %d\n" % [param_name, text, tick]


func _params_message() -> String:
	var list = ""
	for p in _params:
		var item = '{"name":%s' % json_text(p["name"])
		for key in ["min", "max", "default", "value"]:
			item += ',"%s":%s' % [key, _json_number(format_number(p[key]))]
		if p["unit"] != "":
			item += ',"unit":' + json_text(p["unit"])
		list += ("," if list != "" else "") + item + "}"
	return '{"type":"params","params":[%s]}' % list


static func _param_text(p: Dictionary) -> String:
	var text = (
		"%s = %s (%s to %s, default %s"
		% [
			p["name"],
			format_number(p["value"]),
			format_number(p["min"]),
			format_number(p["max"]),
			format_number(p["default"]),
		]
	)
	return text + (", " + p["unit"] if p["unit"] != "" else "") + ")"


# A number as JSON: null for NaN and infinities (which JSON cannot hold; steerlab then
# names the field).
static func _json_number(text: String) -> String:
	if text == "NaN" or text == "inf" or text == "-inf":
		return "null"
	return text


static func _csv_field(s: String) -> String:
	if s.find(",") < 0 and s.find('"') < 0 and s.find("\n") < 0 and s.find("\r") < 0:
		return s
	return '"' + s.replace('"', '""') + '"'


static func _control_escape(c: String) -> String:
	for code in range(1, 32):
		if c == char(code):
			return "\\u00" + _HEX[code / 16] + _HEX[code % 16]
	return ""


# --- private: JSON reading ---------------------------------------------------------------


func _skip_space() -> void:
	while _at < _src.length() and " \t\r\n".find(_src[_at]) >= 0:
		_at += 1


func _value():
	_skip_space()
	if _at >= _src.length():
		return null
	var c = _src[_at]
	if c == "{":
		return _object()
	if c == "[":
		return _array()
	if c == '"':
		return _string()
	var words = {"true": true, "false": false, "null": null}
	for word in words:
		if _src.substr(_at, word.length()) == word:
			_at += word.length()
			return words[word]
	return _number()


func _object():
	var out = {}
	_at += 1
	_skip_space()
	if _at < _src.length() and _src[_at] == "}":
		_at += 1
		return out
	while _at < _src.length():
		_skip_space()
		if _at >= _src.length() or _src[_at] != '"':
			return null
		var key = _string()
		_skip_space()
		if typeof(key) != typeof("") or _at >= _src.length() or _src[_at] != ":":
			return null
		_at += 1
		out[key] = _value()
		_skip_space()
		if _at < _src.length() and _src[_at] == "}":
			_at += 1
			return out
		if _at >= _src.length() or _src[_at] != ",":
			return null
		_at += 1
	return null


func _array():
	var out = []
	_at += 1
	_skip_space()
	if _at < _src.length() and _src[_at] == "]":
		_at += 1
		return out
	while _at < _src.length():
		out.append(_value())
		_skip_space()
		if _at < _src.length() and _src[_at] == "]":
			_at += 1
			return out
		if _at >= _src.length() or _src[_at] != ",":
			return null
		_at += 1
	return null


func _string():
	var out = ""
	_at += 1
	while _at < _src.length():
		var c = _src[_at]
		_at += 1
		if c == '"':
			return out
		if c != "\\":
			out += c
		elif _at < _src.length():
			var k = _src[_at]
			_at += 1
			var simple = {"b": char(8), "f": char(12), "n": "\n", "r": "\r", "t": "\t"}
			if simple.has(k):
				out += simple[k]
			elif k == "u":
				out += _unicode_escape()
			else:
				out += k
	return null


func _unicode_escape() -> String:
	var code = _hex4()
	if code >= 0xD800 and code < 0xDC00 and _src.substr(_at, 2) == "\\u":
		_at += 2
		var low = _hex4()
		if low >= 0xDC00 and low < 0xE000:
			return char(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
		return char(0xFFFD) + (char(low) if low > 0 else "")
	if code <= 0 or (code >= 0xD800 and code < 0xE000):
		return char(0xFFFD)
	return char(code)


func _hex4() -> int:
	var code = 0
	for i in range(4):
		var d = -1
		if _at < _src.length():
			d = _HEX.find(_src[_at].to_lower())
		if d < 0:
			return -1
		code = code * 16 + d
		_at += 1
	return code


func _number():
	var start = _at
	while _at < _src.length() and "+-.eE0123456789".find(_src[_at]) >= 0:
		_at += 1
	var text = _src.substr(start, _at - start)
	if text == "":
		_at = _src.length() + 1
		return null
	var bare = text.lstrip("-")
	if _all_digits(bare) and bare.length() <= 18:
		return -_int(bare) if text.begins_with("-") else _int(bare)
	var x = parse_number(text)
	if is_nan(x):
		_at = _src.length() + 1
		return null
	return x


# --- private: exact arithmetic ----------------------------------------------------------


# |x| (finite, not 0) as [m, e]: |x| = m * 2^e, m < 2^53, e >= -1074, m >= 2^52 unless
# e == -1074 (what the float's bits say). Scaling by powers of two is exact.
static func _split(x: float) -> Array:
	var a = abs(x)
	var e = 0
	if a > 1e-290 and a < 1e290:
		e = int(floor(log(a) / log(2.0))) - 52
		a = a * _pow2(-e)
	var two32 = (1 << 32) * 1.0
	while a >= _TWO_53 * two32:
		a = a / two32
		e += 32
	while a >= _TWO_53 * 1.0:
		a = a / 2.0
		e += 1
	while a < (1 << 20) * 1.0:
		a = a * two32
		e -= 32
	while a < _TWO_52 * 1.0:
		a = a * 2.0
		e -= 1
	var m = int(a)
	if e < _MIN_EXP:
		m = m >> (_MIN_EXP - e)
		e = _MIN_EXP
	return [m, e]


# 2^n as a float, exactly (-1022 <= n <= 1023).
static func _pow2(n: int) -> float:
	var left = n if n >= 0 else -n
	var out = (1 << (left % 60)) * 1.0
	var chunk = (1 << 60) * 1.0
	while left >= 60:
		out = out * chunk
		left -= 60
	return out if n >= 0 else 1.0 / out


# m * 2^e as a float, exactly (m < 2^53, the result a float's value).
static func _build(m: int, e: int) -> float:
	var x = m * 1.0
	while e > 0:
		var s = 30 if e > 30 else e
		x = x * ((1 << s) * 1.0)
		e -= s
	while e < 0:
		var s = 30 if -e > 30 else -e
		x = x / ((1 << s) * 1.0)
		e += s
	return x


# The nearest float to the decimal integer `digits` times 10^exp10.
static func _decimal_to_float(digits: String, exp10: int) -> float:
	var d = digits.lstrip("0")
	while d.ends_with("0"):
		d = d.substr(0, d.length() - 1)
		exp10 += 1
	if d == "":
		return 0.0
	if d.length() + exp10 > 310:
		return INF
	if d.length() + exp10 < -324:
		return 0.0
	if d.length() <= 15 and exp10 >= -22 and exp10 <= 22:
		var p = 1.0
		for i in range(exp10 if exp10 > 0 else -exp10):
			p *= 10.0
		return _int(d) * p if exp10 >= 0 else _int(d) / p
	# A guess within a few units in the last place, then exact comparisons with the
	# midpoints to its neighbours move it to the nearest float.
	var head = d.substr(0, 17)
	var scale = exp10 + d.length() - head.length()
	var guess = _int(head) * 1.0
	while scale > 200 or scale < -200:
		var s = 200 if scale > 0 else -200
		guess = guess * pow(10.0, s)
		scale -= s
	guess = guess * pow(10.0, scale)
	if guess == 0:
		guess = _build(1, _MIN_EXP)
	if is_inf(guess):
		guess = _build(_TWO_53 - 1, 971)
	return _nearest(d, exp10, guess)


static func _nearest(d: String, exp10: int, guess: float) -> float:
	var parts = _split(guess)
	var m = parts[0]
	var e = parts[1]
	for i in range(4096):
		var above = _compare(d, exp10, 2 * m + 1, e - 1)
		if above > 0 or (above == 0 and m % 2 == 1):
			if m == _TWO_53 - 1 and e == 971:
				return INF
			m += 1
			if m == _TWO_53:
				m = _TWO_52
				e += 1
			continue
		var edge = m == _TWO_52 and e > _MIN_EXP
		var below = _compare(d, exp10, 2 * m - 1, e - 1)
		if edge:
			below = _compare(d, exp10, 4 * m - 1, e - 2)
		if below < 0 or (below == 0 and m % 2 == 1):
			if edge:
				m = _TWO_53 - 1
				e -= 1
			else:
				m -= 1
			if m == 0:
				return 0.0
			continue
		break
	return _build(m, e)


# The sign of digits * 10^exp10 - b * 2^p.
static func _compare(digits: String, exp10: int, b: int, p: int) -> int:
	var left = _big_text(digits)
	var right = _big(b)
	var twos_left = exp10
	var twos_right = p
	if exp10 >= 0:
		_big_mul_pow(left, 5, exp10)
	else:
		_big_mul_pow(right, 5, -exp10)
		twos_left = 0
		twos_right = p - exp10
	if twos_left > twos_right:
		_big_mul_pow(left, 2, twos_left - twos_right)
	else:
		_big_mul_pow(right, 2, twos_right - twos_left)
	return _compare_decimal(_big_decimal(left), _big_decimal(right))


# format_number for 1e-6 <= a < 1e16 with floats and ints only, a few times faster than
# with big integers (the same text; "" out of range): with k <= 22, so that 10^k is a
# float, and a * 10^k in [1e16, 9e17), Dekker's product gives a * 10^k exactly as
# top + low (top an integer); the midpoints to the neighbours add 2^(e-1) * 10^k, exact
# too. Each of the three is then an integer J plus a fraction in [0, 1) (exactly zero or
# not), and for each number of digits the candidates are integers from ceil(low bound /
# 10^z) to floor(high bound / 10^z), as in _shortest.
static func _shortest_quick(a: float, m: int, e: int) -> String:
	if a < 0.000001 or a >= 10000000000000000.0:
		return ""
	var k = 16 - int(floor(log(a) / log(10.0)))
	var p10 = _pow10(k)
	if a * p10 < 10000000000000000.0:
		k += 1
		p10 = _pow10(k)
	var top = a * p10
	if k < 0 or k > 22 or top < 10000000000000000.0 or top >= 900000000000000000.0:
		return ""
	var low = _product_error(a, p10, top)
	var half = a / (2.0 * m) * p10
	var below = half / 2.0 if m == _TWO_52 and e > _MIN_EXP else half
	var v = _bound(int(top), low, 0.0)
	var hi = _bound(int(top), low, half)
	var lo = _bound(int(top), low, -below)
	var v_half_up = low >= floor(low) + 0.5
	var inclusive = m % 2 == 0
	# Candidates exist up to some z (then for every smaller z): the most zeros wins.
	var found = []
	var pz = 1
	for z in range(18):
		var least = lo[0] / pz + 1
		if inclusive and lo[0] % pz == 0 and lo[1]:
			least -= 1
		var most = hi[0] / pz
		if not inclusive and hi[0] % pz == 0 and hi[1]:
			most -= 1
		if least > most:
			break
		found = [z, pz, least, most]
		pz = pz * 10
	if found.size() == 0:
		return ""
	pz = found[1]
	var c = v[0] / pz
	if (found[0] == 0 and v_half_up) or (found[0] > 0 and 2 * (v[0] % pz) >= pz):
		c += 1
	c = found[2] if c < found[2] else (found[3] if c > found[3] else c)
	return _positional(str(c), found[0] - k)


# 10^k as a float, exact for 0 <= k <= 22 (-1 otherwise): 10^k = 2^k * 5^k, and
# 5^22 < 2^53.
static func _pow10(k: int) -> float:
	if k < 0 or k > 22:
		return -1.0
	if k <= 18:
		return _POW10[k] * 1.0
	return _POW10[18] * 1.0 * _POW10[k - 18]


# a * b - p exactly, for p the float nearest a * b (Dekker's product, Veltkamp's split).
static func _product_error(a: float, b: float, p: float) -> float:
	var split = ((1 << 27) + 1) * 1.0
	var c = split * a
	var a_hi = c - (c - a)
	var a_lo = a - a_hi
	c = split * b
	var b_hi = c - (c - b)
	var b_lo = b - b_hi
	return ((a_hi * b_hi - p) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo


# top + low + d (top an integer, low and d small floats) as [J, exact]: the integer J
# with J <= top + low + d < J + 1, and whether it is J exactly. low + d is s + t
# exactly (Knuth's two-sum).
static func _bound(top: int, low: float, d: float) -> Array:
	var s = low + d
	var back = s - low
	var t = (low - (s - back)) + (d - back)
	var f = floor(s)
	if s == f and t < 0:
		f -= 1.0
	return [top + int(f), s == f and t == 0]


# The decimal with the fewest digits between lo and hi (inclusive or not; each a decimal
# integer times 10^-q, all of one length), the nearest to v among them (ties away from
# zero), as positional text. With n digits, the candidates are the integers from
# ceil(lo / 10^z) to floor(hi / 10^z), z = length - n; there are none while lo and hi
# share their first n digits, unless lo ends there and counts.
static func _shortest(lo: String, v: String, hi: String, inclusive: bool, q: int) -> String:
	var length = hi.length()
	var lo_last = lo.rstrip("0").length() - 1
	var hi_last = hi.rstrip("0").length() - 1
	var same = 0
	var differ = length
	while differ - same > 1:
		var mid = (same + differ) / 2
		if lo.substr(0, mid) == hi.substr(0, mid):
			same = mid
		else:
			differ = mid
	if lo.substr(0, differ) == hi.substr(0, differ):
		same = differ
	var n = same + 1
	if inclusive and lo_last < same:
		n = lo_last + 1
	while n <= length:
		var least = int(lo.substr(0, n)) + 1
		if inclusive and lo_last < n:
			least -= 1
		var most = int(hi.substr(0, n))
		if not inclusive and hi_last < n:
			most -= 1
		if least <= most:
			var c = int(v.substr(0, n))
			if n < length and _DIGITS.find(v[n]) >= 5:
				c += 1
			c = least if c < least else (most if c > most else c)
			return _positional(str(c), length - n - q)
		n += 1
	return _positional(v.lstrip("0"), -q)


# digits * 10^exp10 without exponent, trailing zeros dropped.
static func _positional(digits: String, exp10: int) -> String:
	var d = digits
	while d.length() > 1 and d.ends_with("0"):
		d = d.substr(0, d.length() - 1)
		exp10 += 1
	if exp10 >= 0:
		return d + _zeros(exp10) if d != "0" else "0"
	var k = -exp10
	if d.length() > k:
		return d.substr(0, d.length() - k) + "." + d.substr(d.length() - k, k)
	return "0." + _zeros(k - d.length()) + d


# Compares decimal integers written without leading zeros.
static func _compare_decimal(a: String, b: String) -> int:
	if a.length() != b.length():
		return -1 if a.length() < b.length() else 1
	if a == b:
		return 0
	return -1 if a < b else 1


static func _zeros(n: int) -> String:
	var out = ""
	var chunk = "0000000000"
	while n >= 10:
		out += chunk
		n -= 10
	return out + chunk.substr(0, n) if n > 0 else out


static func _all_digits(s: String) -> bool:
	if s == "":
		return false
	for i in range(s.length()):
		if _DIGITS.find(s[i]) < 0:
			return false
	return true


# A decimal integer of at most 18 digits (String.to_int() is 32-bit in Godot 3).
static func _int(s: String) -> int:
	var n = 0
	for i in range(s.length()):
		n = n * 10 + _DIGITS.find(s[i])
	return n


# Big integers: Arrays of base-10^9 limbs, least significant first.
static func _big(n: int) -> Array:
	var out = [n % _LIMB]
	n = n / _LIMB
	while n > 0:
		out.append(n % _LIMB)
		n = n / _LIMB
	return out


static func _big_text(digits: String) -> Array:
	var out = []
	var end = digits.length()
	while end > 0:
		var start = end - _LIMB_DIGITS if end > _LIMB_DIGITS else 0
		out.append(_int(digits.substr(start, end - start)))
		end = start
	return out


static func _big_decimal(a: Array) -> String:
	var top = a.size() - 1
	while top > 0 and a[top] == 0:
		top -= 1
	var out = str(a[top])
	for i in range(top - 1, -1, -1):
		out += str(a[i]).pad_zeros(_LIMB_DIGITS)
	return out


# a * k as a new big integer (0 <= k < 2^55: the products stay below 2^63).
static func _big_times(a: Array, k: int) -> Array:
	var low = k % _LIMB
	var high = k / _LIMB
	var out = []
	var carry = 0
	for i in range(a.size() + 1):
		var sum = carry
		if i < a.size():
			sum += a[i] * low
		if i > 0:
			sum += a[i - 1] * high
		out.append(sum % _LIMB)
		carry = sum / _LIMB
	while carry > 0:
		out.append(carry % _LIMB)
		carry = carry / _LIMB
	return out


# a *= base^count, in place (base 2 or 5).
static func _big_mul_pow(a: Array, base: int, count: int) -> void:
	var chunk = 30 if base == 2 else 13
	var big_factor = (1 << 30) if base == 2 else _POW5_13
	while count > 0:
		var factor = big_factor
		if count < chunk:
			factor = 1
			for i in range(count):
				factor *= base
		count -= chunk
		var carry = 0
		for i in range(a.size()):
			var p = a[i] * factor + carry
			a[i] = p % _LIMB
			carry = p / _LIMB
		while carry > 0:
			a.append(carry % _LIMB)
			carry = carry / _LIMB
