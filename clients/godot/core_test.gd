# Checks steerlab_core.gd without steerlab: numbers out (shortest, exact, Rust's `{}`
# text) and in (rounded correctly, ties to even), JSON and UTF-8 reading, the messages,
# the CSV and pause/step. In the shared subset, so it runs on Godot 3 (CI) and Godot 4:
#
#   xvfb-run -a godot3 --no-window --path clients/godot -s core_test.gd
#   godot4 --headless --path clients/godot -s core_test.gd
#
# Exit code 0 when every check passes, 1 otherwise (each failure printed).
extends SceneTree

const SteerlabCore = preload("steerlab_core.gd")

var checks = 0
var failures = 0


func _init():
	_numbers_out()
	_numbers_in()
	_reading()
	_messages()
	print("core_test: %d checks, %d failed" % [checks, failures])
	quit(1 if failures > 0 else 0)


func _numbers_out() -> void:
	var tiny = 1.0
	for i in range(1074):
		tiny = tiny / 2.0
	var huge = 2.0 - 1.0 / 4503599627370496.0
	for i in range(1023):
		huge = huge * 2.0
	_same(SteerlabCore.format_number(1.0 / 10.0), "0.1", "0.1")
	_same(SteerlabCore.format_number(0.1 + 0.2), "0.30000000000000004", "0.1 + 0.2")
	_same(SteerlabCore.format_number(1.0 / 3.0), "0.3333333333333333", "1/3")
	_same(SteerlabCore.format_number(1.0 / 60.0), "0.016666666666666666", "1/60")
	_same(SteerlabCore.format_number(400), "400", "an int")
	_same(SteerlabCore.format_number(-60.0), "-60", "-60")
	_same(SteerlabCore.format_number(-1.0 * 0.0), "-0", "-0")
	_same(SteerlabCore.format_number(1.0 / 10000000.0), "0.0000001", "1e-7")
	_same(SteerlabCore.format_number(6266833738702005 / 4.0), "1566708434675501.3", "a tie")
	_same(SteerlabCore.format_number(4938271560493827 / 4.0), "1234567890123456.8", "a tie")
	_same(SteerlabCore.format_number(tiny), "0." + _zeros(323) + "5", "5e-324")
	_same(SteerlabCore.format_number(huge), "17976931348623157" + _zeros(292), "max")
	_same(SteerlabCore.format_number(NAN), "NaN", "NaN")
	_same(SteerlabCore.format_number(-INF), "-inf", "-inf")
	# 7205759403792794 is 2^53 - 1 as a float in Godot 3 if converted with float().
	_same(SteerlabCore.format_number(7205759403792794), "7205759403792794", "a big int")


func _numbers_in() -> void:
	var cases = [
		["0.1", "0.1"],
		["6.0", "6"],
		["1e-7", "0.0000001"],
		["-1.5E+3", "-1500"],
		["2.4703282292062327e-324", "0"],
		["9007199254740993", "9007199254740992"],
		["12345678901234567890123456789e-10", "1234567890123456800"],
		["0.100000000000000012490009027033011079765856266021728515625", "0.1"],
		["0.3000000000000000166533453693773481063544750213623046875", "0.30000000000000004"],
		["1.7976931348623157e308", "17976931348623157" + _zeros(292)],
		["2.4703282292062328e-324", "0." + _zeros(323) + "5"],
		["-0.0", "-0"],
		["1e400", "inf"],
	]
	for c in cases:
		_same(SteerlabCore.format_number(SteerlabCore.parse_number(c[0])), c[1], c[0])
	_same(is_nan(SteerlabCore.parse_number("1.5e")), true, "1.5e is not a number")
	_same(SteerlabCore.parse_number("0.1") == 1.0 / 10.0, true, "0.1 is 1/10")


func _reading() -> void:
	var core = SteerlabCore.new("t", 60)
	var m = core.parse_json('{"a":[1,-2,3.5,true,null],"b":"x\\"\\\\\\u00e9\\ud83d\\ude00\\n"}')
	_same(typeof(m), typeof({}), "an object")
	_same(m["a"][0], 1, "an int")
	_same(typeof(m["a"][2]), typeof(1.0), "a float")
	_same(m["a"][1], -2, "a negative int")
	_same(m["a"][3], true, "true")
	_same(m["a"][4], null, "null")
	_same(m["b"], 'x"\\' + char(233) + char(128512) + "\n", "escapes")
	_same(core.parse_json('{"a":1'), null, "unterminated")
	_same(core.parse_json("[1,]"), null, "a trailing comma")
	var bytes = [104, 195, 169, 240, 159, 152, 128, 255, 105]
	_same(
		SteerlabCore.utf8_text(bytes), "h" + char(233) + char(128512) + char(65533) + "i", "utf-8"
	)
	_same(SteerlabCore.json_text('a"b\\c' + char(7)), '"a\\"b\\\\c\\u0007"', "json text")


func _messages() -> void:
	var core = SteerlabCore.new("My game", 60)
	core.declare("gain", 0, 20, 2, "1/s")
	core.start()
	var hello = '{"type":"hello","protocol":1,"game":"My game","tick_rate":60}\n'
	var params = '{"type":"params","params":[{"name":"gain","min":0,"max":20,'
	params += '"default":2,"value":2,"unit":"1/s"}]}\n'
	_same(core.take_output(), hello + params, "hello and params")
	var e = {"id": 7, "kind": "missile", "label": "a,b", "x": 0.5, "y": -1, "vx": 0}
	e["vy"] = 0
	e["heading"] = 0
	e["ax"] = 1
	e["ay"] = 2
	core.frame([e])
	var frame = '{"type":"frame","tick":0,"time":0,"entities":[{"id":7,"kind":"missile",'
	frame += '"label":"a,b","x":0.5,"y":-1,"vx":0,"vy":0,"heading":0,"ax":1,"ay":2}]}\n'
	_same(core.take_output(), frame, "a frame")
	var csv = "# steerlab live capture: My game, 60 ticks per second\n"
	csv += "# param gain = 2 (0 to 20, default 2, 1/s)\n" + SteerlabCore.CSV_HEADER + "\n"
	csv += '0,0,7,missile,"a,b",0.5,-1,0,0,0,1,2,,\n'
	_same(core.take_csv(), csv, "the CSV")
	core.feed(_ascii('{"type":"set","name":"gain","value":6.5}\r\n{"type":"pause"}\n'))
	_same(core.get_value("gain"), 6.5, "a set")
	var applied = '{"type":"applied","name":"gain","value":6.5,"tick":1}\n'
	_same(core.take_output(), applied, "applied with the next frame's tick")
	_same(core.should_tick(), false, "paused")
	core.handle_line('{"type":"step"}')
	core.handle_line('{"type":"step"}')
	_same(
		[core.should_tick(), core.should_tick(), core.should_tick()], [true, true, false], "steps"
	)
	core.handle_line('{"type":"resume"}')
	_same(core.should_tick(), true, "resumed")
	core.handle_line('{"type":"error","field":"x","message":"no"}')
	_same(core.last_error, "x: no", "an error")
	var kinds = []
	for event in core.take_events():
		kinds.append(event["type"])
	_same(kinds, ["set", "pause", "step", "step", "resume", "error"], "events")


func _same(got, expected, what: String) -> void:
	checks += 1
	if typeof(got) == typeof(expected) and str(got) == str(expected) and got == expected:
		return
	failures += 1
	print("FAILED ", what, ": got ", got, ", expected ", expected)


# ASCII text as bytes (String.to_ascii() is to_ascii_buffer() in Godot 4).
func _ascii(s: String) -> Array:
	var table = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`"
	table += "abcdefghijklmnopqrstuvwxyz{|}~"
	var out = []
	for i in range(s.length()):
		if s[i] == "\n":
			out.append(10)
		elif s[i] == "\r":
			out.append(13)
		else:
			out.append(32 + table.find(s[i]))
	return out


func _zeros(n: int) -> String:
	var out = ""
	for i in range(n):
		out += "0"
	return out
