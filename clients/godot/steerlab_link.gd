## steerlab's live link for Godot 4.0+ (docs/live.md): streams the game's missiles and
## targets to a running `steerlab live` tick by tick, declares the game's tunables and
## takes new values for them back, and writes the same CSV recording offline. Add it as an
## autoload (Project Settings > Globals > Autoload, named `Steerlab`) or as a node, first
## in the tree; copy steerlab_core.gd beside it (the messages, numbers and CSV, in the
## GDScript Godot 3 shares: CI runs that part with Godot 3; this file is only parsed and
## linted there). Set game_name, tick_rate and csv_path before the first declare() or
## frame, host and port before the end of the first frame (when it connects).
##
## Never stalls the game: the connection opens in the background, sends go out as far as
## the socket takes them (the rest waits for the next tick) and reads take only what has
## arrived. Without steerlab (nothing listening, or it left) the link is offline: the game
## runs on and the CSV is still written.
class_name SteerlabLink
extends Node

## steerlab set a parameter: its value is already updated (and `applied` sent).
signal parameter_changed(param_name: String, value: float)
## steerlab paused the game's clock (the tree too if `pause_tree`).
signal paused
## steerlab asks for one tick while paused.
signal stepped
## steerlab started the clock again.
signal resumed
## steerlab refused something the game sent; the link is closed after it.
signal link_error(field: String, message: String)
## steerlab answered `hello`.
signal link_opened
## The link closed or could not open (the game goes on offline).
signal link_closed(reason: String)

const SteerlabCore = preload("steerlab_core.gd")
## Most bytes kept for a steerlab that does not read them; beyond, the link goes offline.
const MAX_PENDING_BYTES = 8388608

## The game's name, as steerlab shows it.
@export var game_name := "Godot game"
## Where steerlab listens (`steerlab live --listen 7878`).
@export var host := "127.0.0.1"
@export var port := 7878
## Connect when ready (deferred: the game's own _ready may still change host and port);
## off: call open_link(), and frames sent before it are not sent (only written to CSV).
@export var connect_on_ready := true
## Seconds to wait for the connection before going offline.
@export var connect_timeout := 3.0
## Ticks per second of the frames sent (0: the project's physics ticks per second).
@export var tick_rate := 0
## The offline CSV, rewritten each run ("" for none). user:// is the project's user
## folder (on Linux ~/.local/share/godot/app_userdata/<project>/).
@export var csv_path := "user://steerlab_capture.csv"
## Pause the SceneTree on `pause`, run one physics tick per `step`, unpause on `resume`.
## Off: only the signals (and should_tick()).
@export var pause_tree := true

## The messages, parameters, CSV and pause state (steerlab_core.gd).
var core: SteerlabCore = null

var _tcp: StreamPeerTCP = null
var _pending := PackedByteArray()
var _file: FileAccess = null
var _connect_started := 0
var _ids := {}
var _ids_now := {}
var _last_position := {}
var _position_now := {}
var _next_id := {"target": 1, "missile": 1}
var _tree_paused_by_link := false
var _no_delay_set := false
var _opened := false


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	if connect_on_ready:
		# Deferred: the game's own _ready (after an autoload's) may still set host, port...
		open_link.call_deferred()


func _physics_process(_delta: float) -> void:
	pump()


func _exit_tree() -> void:
	close_link()


## Connects to steerlab (non-blocking) and says hello; once. Frames sent before wait
## for it (and are in the CSV already).
func open_link() -> void:
	_ensure_core()
	if _opened:
		return
	_opened = true
	_tcp = StreamPeerTCP.new()
	var err := _tcp.connect_to_host(host, port)
	if err != OK:
		_go_offline("cannot connect to %s:%d (%s)" % [host, port, error_string(err)])
	else:
		_connect_started = Time.get_ticks_msec()
	core.start()
	_flush()


## Says bye and closes the connection and the CSV (done when the node leaves the tree).
func close_link() -> void:
	if core == null:
		return
	core.bye()
	_flush()
	if _tcp != null and _tcp.get_status() == StreamPeerTCP.STATUS_CONNECTED:
		if _pending.size() > 0:
			_tcp.put_data(_pending)
		_tcp.disconnect_from_host()
	_tcp = null
	core.online = false
	if _file != null:
		_file.close()
		_file = null


## Declares one of the game's tunables (redeclaring replaces it); steerlab may `set` it.
## Returns its value.
func declare(
	param_name: String, min_value: float, max_value: float, default_value: float, unit := ""
) -> float:
	_ensure_core()
	var value: float = core.declare(param_name, min_value, max_value, default_value, unit)
	_flush()
	return value


## A parameter's value now (steerlab's last `set`, else its default).
func get_value(param_name: String, fallback := 0.0) -> float:
	_ensure_core()
	return core.get_value(param_name, fallback)


## Sends this tick's frame of Node2Ds (see entity_of). Call once per physics tick, with
## every target and missile alive: a node left out once gets a new id if it comes back.
func send_nodes(targets: Array, missiles: Array) -> void:
	var entities := []
	for node in targets:
		entities.append(entity_of(node, "target"))
	for node in missiles:
		entities.append(entity_of(node, "missile"))
	send_frame(entities)


## A Node2D as an entity: global position, velocity (its `velocity`, else its
## `linear_velocity`, else its motion since the last frame), global rotation as heading,
## its meta `steerlab_label` as the label (what flies it), and its metas
## `steerlab_accel` and `steerlab_seen` (Vector2s, optional) as ax, ay and
## seen_x, seen_y. Ids are given per kind from 1, in the order nodes first appear.
func entity_of(node: Node2D, kind: String, label := "") -> Dictionary:
	_ensure_core()
	var key := node.get_instance_id()
	var id: int = _ids.get(key, 0)
	if id == 0:
		id = _next_id.get(kind, 1)
		_next_id[kind] = id + 1
	_ids_now[key] = id
	var at := node.global_position
	var velocity := Vector2.ZERO
	var given = node.get("velocity")
	if not (given is Vector2):
		given = node.get("linear_velocity")
	if given is Vector2:
		velocity = given
	elif _last_position.has(key):
		velocity = (at - _last_position[key]) * float(core.tick_rate)
	_position_now[key] = at
	if label == "":
		label = str(node.get_meta("steerlab_label", ""))
	var e := {"id": id, "kind": kind, "label": label, "x": at.x, "y": at.y}
	e["vx"] = velocity.x
	e["vy"] = velocity.y
	e["heading"] = node.global_rotation
	var accel = node.get_meta("steerlab_accel", null)
	if accel is Vector2:
		e["ax"] = accel.x
		e["ay"] = accel.y
	var seen = node.get_meta("steerlab_seen", null)
	if seen is Vector2:
		e["seen_x"] = seen.x
		e["seen_y"] = seen.y
	return e


## Sends this tick's frame: a list of entities as Dictionaries (id, kind, label, x, y,
## vx, vy, heading, optional ax, ay, seen_x, seen_y; see steerlab_core.gd frame()) and
## writes its rows to the CSV. Ticks count from 0; time is tick / tick_rate.
func send_frame(entities: Array) -> void:
	_ensure_core()
	core.frame(entities)
	_ids = _ids_now
	_ids_now = {}
	_last_position = _position_now
	_position_now = {}
	_flush()


## Whether the game should run a tick now (for games that pause themselves, with
## pause_tree off): false while steerlab paused it, except once per `step`.
func should_tick() -> bool:
	_ensure_core()
	return core.should_tick()


## Whether steerlab is connected (or still connecting).
func is_online() -> bool:
	return core != null and core.online and _tcp != null


## The last error steerlab sent ("field: message"), "" if none.
func last_error() -> String:
	return core.last_error if core != null else ""


## Reads what steerlab sent and acts on it; sends what waits. Runs every physics tick
## (also while the tree is paused); as an autoload it runs before the game's nodes, so a
## `set` is applied from the frame the game sends next.
func pump() -> void:
	if core == null:
		return
	if _tcp != null:
		_tcp.poll()
		var status := _tcp.get_status()
		if status == StreamPeerTCP.STATUS_CONNECTED:
			if not _no_delay_set:
				_tcp.set_no_delay(true)
				_no_delay_set = true
			var available := _tcp.get_available_bytes()
			if available > 0:
				var got := _tcp.get_partial_data(available)
				if got[0] == OK:
					core.feed(got[1])
		elif status == StreamPeerTCP.STATUS_CONNECTING:
			if Time.get_ticks_msec() - _connect_started > connect_timeout * 1000.0:
				_go_offline("no answer from %s:%d" % [host, port])
		else:
			_go_offline("steerlab is not there (or left)")
	for event in core.take_events():
		_on_event(event)
	if pause_tree and (core.paused or _tree_paused_by_link):
		var run := core.should_tick()
		get_tree().paused = not run
		_tree_paused_by_link = core.paused
	_flush()


func _on_event(event: Dictionary) -> void:
	match str(event["type"]):
		"welcome":
			link_opened.emit()
		"set":
			if event.get("applied", false):
				parameter_changed.emit(str(event["name"]), float(event["value"]))
			else:
				push_warning("steerlab: a set of an undeclared parameter: %s" % event)
		"pause":
			paused.emit()
		"step":
			stepped.emit()
		"resume":
			resumed.emit()
		"error":
			push_error("steerlab: " + core.last_error)
			link_error.emit(str(event.get("field", "")), str(event.get("message", "")))
			_go_offline("closed by steerlab: " + core.last_error)
		"bad":
			push_warning("steerlab sent a line that is not a message: %s" % event["line"])


func _ensure_core() -> void:
	if core != null:
		return
	var rate := tick_rate if tick_rate > 0 else Engine.physics_ticks_per_second
	core = SteerlabCore.new(game_name, rate)
	if csv_path != "":
		DirAccess.make_dir_recursive_absolute(csv_path.get_base_dir())
		_file = FileAccess.open(csv_path, FileAccess.WRITE)
		if _file == null:
			push_warning(
				(
					"steerlab: cannot write %s (%s)"
					% [csv_path, error_string(FileAccess.get_open_error())]
				)
			)


# Appends the new CSV rows; sends what the core queued as far as the socket takes it now.
func _flush() -> void:
	var rows: String = core.take_csv()
	if _file != null and rows != "":
		_file.store_string(rows)
	if not _opened:
		if not connect_on_ready:
			core.take_output()
		return
	var text: String = core.take_output()
	if _tcp == null:
		return
	_pending.append_array(text.to_utf8_buffer())
	if _pending.size() > MAX_PENDING_BYTES:
		_go_offline("steerlab does not read what the game sends")
		return
	if _pending.is_empty() or _tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		return
	var sent := _tcp.put_partial_data(_pending)
	if sent[0] != OK:
		_go_offline("sending failed: " + error_string(sent[0]))
	elif sent[1] > 0:
		_pending = _pending.slice(sent[1])


func _go_offline(why: String) -> void:
	if _tcp != null:
		_tcp.disconnect_from_host()
		print("steerlab: offline (%s); the CSV is still written" % why)
		link_closed.emit(why)
	_tcp = null
	_pending = PackedByteArray()
	core.online = false
	core.take_output()
	if _tree_paused_by_link:
		get_tree().paused = false
		_tree_paused_by_link = false
