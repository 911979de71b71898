# The demo engagement of docs/live.md, flown by Godot 4 through steerlab_link.gd (the
# game's side: a node, physics ticks, signals):
#
#   godot4 --headless --path clients/godot -s demo4.gd HOST PORT OFFLINE.csv
#
# NOT run by CI (it has no Godot 4): parsed and linted only. CI flies the same demo with
# Godot 3 through the same core (demo3.gd).
extends SceneTree

const SteerlabLinkScript = preload("steerlab_link.gd")
const TICKS = 240
const RATE = 60

var link: SteerlabLinkScript = null
var gain := 2.0
var t := 0
var tx := 400.0
var ty := 300.0
var tvx := -60.0
var tvy := 20.0
var mx := 0.0
var my := 0.0
var vx := 150.0
var vy := 0.0
var failed := false


func _initialize() -> void:
	var args := _user_args()
	Engine.physics_ticks_per_second = RATE
	link = SteerlabLinkScript.new()
	link.game_name = "Godot 4 demo"
	link.host = args[0] if args.size() > 0 else "127.0.0.1"
	link.port = int(args[1]) if args.size() > 1 else 7878
	link.csv_path = args[2] if args.size() > 2 else "user://demo4.csv"
	link.tick_rate = RATE
	link.pause_tree = false
	gain = link.declare("gain", 0, 20, 2, "1/s")
	link.parameter_changed.connect(_on_parameter_changed)
	link.link_error.connect(_on_link_error)
	root.add_child(link)


# One physics tick: read what steerlab sent, step, send the frame.
func _physics_process(_delta: float) -> bool:
	link.pump()
	if t >= TICKS:
		link.close_link()
		quit(1 if failed else 0)
		return false
	if not link.should_tick():
		return false
	var dt := 1.0 / RATE
	var sx := tx
	var sy := ty
	var ox := tx - mx
	var oy := ty - my
	var d := sqrt(ox * ox + oy * oy)
	var ax := (ox * (150.0 / d) - vx) * gain
	var ay := (oy * (150.0 / d) - vy) * gain
	vx += ax * dt
	vy += ay * dt
	mx += vx * dt
	my += vy * dt
	tx += tvx * dt
	ty += tvy * dt
	var target := {"id": 1, "kind": "target", "x": tx, "y": ty, "vx": tvx, "vy": tvy}
	target["heading"] = atan2(tvy, tvx)
	var missile := {"id": 7, "kind": "missile", "label": "chaser", "x": mx, "y": my}
	missile["vx"] = vx
	missile["vy"] = vy
	missile["heading"] = atan2(vy, vx)
	missile["ax"] = ax
	missile["ay"] = ay
	missile["seen_x"] = sx
	missile["seen_y"] = sy
	link.send_frame([target, missile])
	t += 1
	return false


func _on_parameter_changed(param_name: String, value: float) -> void:
	if param_name == "gain":
		gain = value
		print("steerlab: set gain = %s from tick %d" % [value, t])


func _on_link_error(field: String, message: String) -> void:
	printerr("steerlab: error: %s: %s" % [field, message])
	failed = true


# The arguments after the script's path (or after "--").
func _user_args() -> Array:
	var out := []
	var after := false
	for a in OS.get_cmdline_args():
		if after:
			out.append(a)
		elif a.ends_with("demo4.gd"):
			after = true
	if out.is_empty():
		out.append_array(OS.get_cmdline_user_args())
	return out
