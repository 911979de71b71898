"""The demo engagement of docs/live.md, flown over the live link.

    python3 demo.py HOST PORT OUT.csv

A target flies a straight line; a missile steers towards it with the game's `gain`,
which steerlab may set. Works without steerlab too (OUT.csv is written either way)."""
import math
import sys
import time

from steerlab_link import SteerlabLink

host, port, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
dt = 1 / 60

link = SteerlabLink("demo", tick_rate=60)
link.record(out)
link.connect(host, port)
link.declare("gain", 0, 20, 2, "1/s")

tx, ty, tvx, tvy = 400.0, 300.0, -60.0, 20.0    # the target: position, velocity
mx, my, vx, vy = 0.0, 0.0, 150.0, 0.0           # the missile: position, velocity
t = 0
while t < 240:
    # 1. read what steerlab sent (a `set` of gain is answered with `applied` for tick t)
    link.poll()
    if not link.may_tick():                     # paused: keep reading, run no tick
        time.sleep(dt)
        continue
    gain = link.value("gain")
    # 2. step: steer towards the target at 150 units/s, then move both
    sx, sy = tx, ty                             # where the seeker sees the target
    ox, oy = tx - mx, ty - my
    d = math.sqrt(ox * ox + oy * oy)
    ax, ay = (ox * (150 / d) - vx) * gain, (oy * (150 / d) - vy) * gain
    vx += ax * dt
    vy += ay * dt
    mx += vx * dt
    my += vy * dt
    tx += tvx * dt
    ty += tvy * dt
    # 3. send the frame of tick t
    link.frame(t, t * (1 / 60), [
        {"id": 1, "kind": "target", "x": tx, "y": ty, "vx": tvx, "vy": tvy,
         "heading": math.atan2(tvy, tvx)},
        {"id": 7, "kind": "missile", "label": "chaser", "x": mx, "y": my, "vx": vx, "vy": vy,
         "heading": math.atan2(vy, vx), "ax": ax, "ay": ay, "seen_x": sx, "seen_y": sy},
    ])
    time.sleep(dt)
    t += 1

link.close()
if link.error:
    print("steerlab said:", link.error)
