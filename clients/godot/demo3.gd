# The demo engagement of docs/live.md, flown by Godot 3 (3.2+) through steerlab_core.gd,
# with Godot 3's StreamPeerTCP and File as the transport. What CI runs:
#
#   xvfb-run -a godot3 --no-window -s clients/godot/demo3.gd HOST PORT OFFLINE.csv
#
# (run from the repository's root; without arguments: 127.0.0.1 7878 user://demo3.csv).
# With steerlab absent it flies offline and still writes the CSV. Exit code 0, or 1 if
# steerlab sent an `error`.
#
# The maths use plain floats (64-bit in GDScript), never Vector2 (32-bit in Godot 3), and
# never float(int) (also 32-bit in Godot 3): `n * 1.0` converts exactly.
extends SceneTree

const SteerlabCore = preload("steerlab_core.gd")
const TICKS = 240
const RATE = 60

var link = null
var tcp = null
var pending = PoolByteArray()
var csv_file = null
var gain = 2.0
var failed = false


func _init():
	var args = _user_args()
	var host = args[0] if args.size() > 0 else "127.0.0.1"
	var port = int(args[1]) if args.size() > 1 else 7878
	var csv_path = args[2] if args.size() > 2 else "user://demo3.csv"
	link = SteerlabCore.new("Godot 3 demo", RATE)
	gain = link.declare("gain", 0, 20, 2, "1/s")
	csv_file = File.new()
	if csv_file.open(csv_path, File.WRITE) != OK:
		printerr("demo3: cannot write ", csv_path)
		csv_file = null
	tcp = StreamPeerTCP.new()
	if tcp.connect_to_host(host, port) != OK:
		_go_offline("cannot connect to %s:%d" % [host, port])
	link.start()
	_fly()
	_finish()
	quit(1 if failed else 0)


func _fly() -> void:
	var dt = 1.0 / RATE
	var tx = 400.0
	var ty = 300.0
	var tvx = -60.0
	var tvy = 20.0
	var mx = 0.0
	var my = 0.0
	var vx = 150.0
	var vy = 0.0
	var t = 0
	while t < TICKS:
		_pump()
		if link.should_tick():
			var sx = tx
			var sy = ty
			var ox = tx - mx
			var oy = ty - my
			var d = sqrt(ox * ox + oy * oy)
			var ax = (ox * (150.0 / d) - vx) * gain
			var ay = (oy * (150.0 / d) - vy) * gain
			vx += ax * dt
			vy += ay * dt
			mx += vx * dt
			my += vy * dt
			tx += tvx * dt
			ty += tvy * dt
			var target = {"id": 1, "kind": "target", "x": tx, "y": ty, "vx": tvx, "vy": tvy}
			target["heading"] = atan2(tvy, tvx)
			var missile = {"id": 7, "kind": "missile", "label": "chaser", "x": mx, "y": my}
			missile["vx"] = vx
			missile["vy"] = vy
			missile["heading"] = atan2(vy, vx)
			missile["ax"] = ax
			missile["ay"] = ay
			missile["seen_x"] = sx
			missile["seen_y"] = sy
			link.frame([target, missile])
			t += 1
		_flush()
		OS.delay_usec(int(1000000 / RATE))


# Reads what steerlab sent and acts on it (step 1 of each tick).
func _pump() -> void:
	if tcp == null:
		return
	var status = tcp.get_status()
	if status == StreamPeerTCP.STATUS_ERROR or status == StreamPeerTCP.STATUS_NONE:
		_go_offline("steerlab is not there (or left)")
		return
	if status != StreamPeerTCP.STATUS_CONNECTED:
		return
	tcp.set_no_delay(true)
	var available = tcp.get_available_bytes()
	if available > 0:
		var got = tcp.get_partial_data(available)
		if got[0] == OK:
			link.feed(got[1])
	for event in link.take_events():
		var kind = event["type"]
		if kind == "set":
			gain = link.get_value("gain", gain)
			if event.get("applied", false):
				var value = SteerlabCore.format_number(event["value"])
				print("steerlab: set %s = %s from tick %d" % [event["name"], value, link.tick])
			else:
				print("steerlab: ignored a set of ", event.get("name", "?"), ": not declared")
		elif kind == "error":
			printerr("steerlab: error: ", link.last_error)
			failed = true
			_go_offline("closed by steerlab")
		elif kind != "welcome":
			print("steerlab: ", kind)


# Sends what the core queued, as far as the socket takes it now (never waits), and
# appends the new CSV rows to the file.
func _flush() -> void:
	if csv_file != null:
		csv_file.store_string(link.take_csv())
	if tcp == null:
		link.take_output()
		return
	pending.append_array(link.take_output().to_utf8())
	if pending.size() == 0 or tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		return
	var sent = tcp.put_partial_data(pending)
	if sent[0] != OK:
		_go_offline("sending failed")
	elif sent[1] >= pending.size():
		pending = PoolByteArray()
	elif sent[1] > 0:
		pending = pending.subarray(sent[1], pending.size() - 1)


func _finish() -> void:
	link.bye()
	_flush()
	if tcp != null and tcp.get_status() == StreamPeerTCP.STATUS_CONNECTED:
		if pending.size() > 0:
			tcp.put_data(pending)
		tcp.disconnect_from_host()
	if csv_file != null:
		csv_file.close()


func _go_offline(why: String) -> void:
	if tcp != null:
		print("demo3: offline (", why, "); the CSV is still written")
		tcp.disconnect_from_host()
	tcp = null
	link.online = false
	link.take_output()
	pending = PoolByteArray()


# The arguments after the script's path.
func _user_args() -> Array:
	var args = OS.get_cmdline_args()
	var out = []
	var after = false
	for a in args:
		if after:
			out.append(a)
		elif a.ends_with("demo3.gd"):
			after = true
	return out
