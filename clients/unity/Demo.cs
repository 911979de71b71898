// The demo engagement of docs/live.md, flown over the live link by the engine-free core:
// a target flies a straight line, a missile steers towards it with the game's `gain`,
// which steerlab may set. Works without steerlab too (OUT.csv is written either way).
//
//   mcs -nologo -out:/tmp/demo.exe clients/unity/SteerlabLink.cs clients/unity/Demo.cs
//   mono /tmp/demo.exe HOST PORT OUT.csv

using System;
using System.Globalization;
using System.Threading;
using Steerlab;

static class Demo
{
    static int Main(string[] args)
    {
        if (args.Length != 3)
        {
            Console.Error.WriteLine("usage: demo.exe HOST PORT OUT.csv");
            return 2;
        }
        string host = args[0], output = args[2];
        int port = int.Parse(args[1], CultureInfo.InvariantCulture);
        const double dt = 1.0 / 60;

        var link = new SteerlabLink("c# demo", 60);
        link.Log = Console.Error.WriteLine;
        link.Record(output);
        Parameter gain = link.Declare("gain", 0, 20, 2, "1/s");
        link.Connect(host, port);

        double tx = 400, ty = 300, tvx = -60, tvy = 20;  // the target: position, velocity
        double mx = 0, my = 0, vx = 150, vy = 0;         // the missile: position, velocity
        var entities = new Entity[2];
        long t = 0;
        while (t < 240)
        {
            // 1. Read what steerlab sent (a `set` of gain is answered with `applied` for tick t).
            link.Poll();
            if (!link.MayTick())
            {
                Thread.Sleep(TimeSpan.FromSeconds(dt));  // paused: keep reading, run no tick
                continue;
            }
            // 2. Step: steer towards the target at 150 units/s, then move both.
            double seenX = tx, seenY = ty;                // where the seeker sees the target
            double toX = tx - mx, toY = ty - my;
            double d = Math.Sqrt(toX * toX + toY * toY);
            double desiredX = toX * (150 / d), desiredY = toY * (150 / d);
            double ax = (desiredX - vx) * gain.Value, ay = (desiredY - vy) * gain.Value;
            vx += ax * dt;
            vy += ay * dt;
            mx += vx * dt;
            my += vy * dt;
            tx += tvx * dt;
            ty += tvy * dt;
            // 3. Send the frame of tick t.
            entities[0] = Entity.Target(1, tx, ty, tvx, tvy, Math.Atan2(tvy, tvx));
            entities[1] = Entity.Missile(7, "chaser", mx, my, vx, vy, Math.Atan2(vy, vx))
                .WithAccel(ax, ay)
                .WithSeen(seenX, seenY);
            link.Frame(t, t * (1.0 / 60), entities);
            Thread.Sleep(TimeSpan.FromSeconds(dt));
            t++;
        }
        link.Close();
        if (link.HasError)
            Console.Error.WriteLine("steerlab said: " + link.ErrorField + ": " + link.ErrorMessage);
        return 0;
    }
}
