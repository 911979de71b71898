// steerlab's live link for Unity (and any .NET game): stream your missiles and targets to
// steerlab every tick, declare your tunables, and take the values steerlab sets back.
// The protocol is docs/live.md: newline-delimited JSON over plain TCP.
//
// One file, two parts:
//   - SteerlabLink, the engine-free core (System.Net.Sockets only). Nothing in it waits on
//     steerlab: connecting, sending and reading are all non-blocking, and when steerlab is
//     not there, leaves, or closes the link with an `error`, the link works offline (it
//     still writes the CSV recording if you asked for one).
//   - SteerlabLinkBehaviour (only inside Unity): the component you add to a GameObject.
//
//     var link = new SteerlabLink("Skirmish", 60);
//     link.Record("skirmish.csv");                 // optional: the CSV steerlab would save
//     var gain = link.Declare("gain", 0, 20, 2, "1/s");
//     link.Connect("127.0.0.1", 7878);             // returns at once; offline if nobody answers
//     every tick:
//         link.Poll();                             // takes `set`, `pause`, `step`, `resume`
//         if (link.MayTick()) {                    // false while steerlab holds the game paused
//             ... your tick, using gain.Value ...
//             link.Frame(tick, tick * (1.0 / 60), entities);
//         }
//     link.Close();                                // says `bye`, closes the CSV
//
// C# 7 (Unity's compiler and mono's mcs); numbers always in the invariant culture, written
// so that they read back as exactly the same double.

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Net.Sockets;
using System.Text;
using System.Threading.Tasks;

namespace Steerlab
{
    /// <summary>What an entity is. Targets and missiles are numbered apart.</summary>
    public enum EntityKind { Target, Missile }

    /// <summary>Where the link is.</summary>
    public enum LinkState
    {
        /// <summary>Not connected: frames only go to the CSV (if recording).</summary>
        Offline,
        /// <summary>Connecting (what you send meanwhile waits and goes out once connected).</summary>
        Connecting,
        /// <summary>Connected to steerlab.</summary>
        Online,
    }

    /// <summary>One entity's state at a tick: a row of the recording.</summary>
    public struct Entity
    {
        /// <summary>A whole number from 0 to 2^53; a new missile takes a new id.</summary>
        public long Id;
        public EntityKind Kind;
        /// <summary>What flies it, in your words (the recording's `algorithm` column); null or empty for none.</summary>
        public string Label;
        public double X, Y;
        /// <summary>Velocity, units per second.</summary>
        public double Vx, Vy;
        /// <summary>Radians.</summary>
        public double Heading;
        /// <summary>Whether Ax, Ay (the acceleration your law commanded this tick) are sent.</summary>
        public bool HasAccel;
        public double Ax, Ay;
        /// <summary>Whether SeenX, SeenY (where your seeker sees the target) are sent.</summary>
        public bool HasSeen;
        public double SeenX, SeenY;

        public static Entity Target(long id, double x, double y, double vx, double vy, double heading)
        {
            return new Entity { Id = id, Kind = EntityKind.Target, X = x, Y = y, Vx = vx, Vy = vy, Heading = heading };
        }

        public static Entity Missile(long id, string label, double x, double y, double vx, double vy, double heading)
        {
            return new Entity { Id = id, Kind = EntityKind.Missile, Label = label, X = x, Y = y, Vx = vx, Vy = vy, Heading = heading };
        }

        /// <summary>This entity with the acceleration your law commanded this tick.</summary>
        public Entity WithAccel(double ax, double ay)
        {
            Entity e = this;
            e.HasAccel = true; e.Ax = ax; e.Ay = ay;
            return e;
        }

        /// <summary>This entity with where your seeker sees its target.</summary>
        public Entity WithSeen(double x, double y)
        {
            Entity e = this;
            e.HasSeen = true; e.SeenX = x; e.SeenY = y;
            return e;
        }
    }

    /// <summary>One of your tunables. Read Value each tick: steerlab may change it.</summary>
    public sealed class Parameter
    {
        public string Name { get; private set; }
        public double Min { get; private set; }
        public double Max { get; private set; }
        public double Default { get; private set; }
        public string Unit { get; private set; }
        /// <summary>The value now: the default until steerlab sets it.</summary>
        public double Value { get; internal set; }

        internal Parameter(string name) { Name = name; }

        internal void Reset(double min, double max, double defaultValue, string unit)
        {
            Min = min; Max = max; Default = defaultValue; Value = defaultValue;
            Unit = unit ?? "";
        }
    }

    /// <summary>
    /// The link to steerlab: declare parameters, call Poll() at the start of each tick and
    /// Frame() at its end, Close() when done. Not thread-safe: call it from one thread
    /// (Unity's main thread).
    /// </summary>
    public sealed class SteerlabLink : IDisposable
    {
        public const int ProtocolVersion = 1;

        /// <summary>The recording's columns, exactly as steerlab writes them.</summary>
        public const string CsvHeader = "tick,time,id,kind,algorithm,x,y,vx,vy,heading,ax,ay,seen_x,seen_y";

        /// <summary>How long Connect() may take before the link gives up and works offline.</summary>
        public static readonly TimeSpan ConnectTimeout = TimeSpan.FromSeconds(3);

        /// <summary>Bytes steerlab may leave unread before the link gives up on it.</summary>
        const int MaxUnsent = 8 << 20;
        /// <summary>Longest line steerlab sends (its own bound on a message).</summary>
        const int MaxLine = 1 << 20;

        public string Game { get; private set; }
        public int TickRate { get; private set; }
        public LinkState State { get; private set; }
        /// <summary>What the link is doing, in words (for a HUD or the console).</summary>
        public string Status { get; private set; }
        /// <summary>steerlab's version, from its `welcome` (null until then).</summary>
        public string SteerlabVersion { get; private set; }

        /// <summary>Whether steerlab sent an `error` (it closed the link after it).</summary>
        public bool HasError { get { return ErrorMessage != null; } }
        /// <summary>The field steerlab's `error` named (such as `entities[1].x`; empty for the whole message).</summary>
        public string ErrorField { get; private set; }
        /// <summary>What steerlab's `error` said, or null.</summary>
        public string ErrorMessage { get; private set; }

        /// <summary>steerlab asked the game to stop its clock (see MayTick()).</summary>
        public bool IsPaused { get; private set; }
        /// <summary>Ticks steerlab asked for with `step` while paused, not yet run.</summary>
        public int PendingSteps { get; private set; }
        /// <summary>The tick an `applied` names: the one after the last frame sent (0 before any;
        /// set it if your first tick is not 0).</summary>
        public long NextTick { get; set; }

        /// <summary>Where the link says what it does (connected, offline); null for nowhere.</summary>
        public Action<string> Log;
        /// <summary>Where the link reports problems (steerlab's `error`, a lost link, a CSV it cannot write); null: to Log.</summary>
        public Action<string> LogWarning;
        /// <summary>Raised after a `set` was taken (the parameter holds the new value).</summary>
        public event Action<Parameter> ParameterSet;
        /// <summary>Raised when steerlab asks the game to stop its clock.</summary>
        public event Action PauseRequested;
        /// <summary>Raised when steerlab asks for one tick while paused.</summary>
        public event Action StepRequested;
        /// <summary>Raised when steerlab asks the game to start its clock again (also when the link drops while paused).</summary>
        public event Action ResumeRequested;
        /// <summary>Raised when steerlab sends an `error` (field, message); the link is offline after it.</summary>
        public event Action<string, string> ErrorReceived;

        readonly List<Parameter> parameters = new List<Parameter>();
        bool paramsChanged;

        // The connection: the TcpClient, its pending connect, and the bytes either way.
        TcpClient tcp;
        Task connecting;
        DateTime connectStarted;
        string address;
        byte[] outbox = new byte[64 * 1024];
        int outStart, outEnd;
        readonly byte[] readChunk = new byte[64 * 1024];
        readonly MemoryStream inbox = new MemoryStream();

        // The offline CSV.
        StreamWriter csv;
        bool csvHeaderWritten;

        readonly StringBuilder json = new StringBuilder(1024);
        readonly StringBuilder row = new StringBuilder(256);

        public SteerlabLink(string game, int tickRate)
        {
            Game = game ?? "game";
            TickRate = tickRate;
            State = LinkState.Offline;
            Status = "offline";
        }

        // ------------------------------------------------------------------ connecting

        /// <summary>
        /// Starts connecting to steerlab at host:port and returns at once; `hello` and the
        /// parameters go out as soon as the connection is made (Poll() and Frame() check on
        /// it). If steerlab is not there, the link goes offline within ConnectTimeout.
        /// </summary>
        public void Connect(string host, int port)
        {
            Drop(null);
            ErrorField = null;
            ErrorMessage = null;
            address = host + ":" + port.ToString(CultureInfo.InvariantCulture);
            try
            {
                tcp = new TcpClient();
                tcp.NoDelay = true;
                connecting = tcp.ConnectAsync(host, port);
                // Look at a failure even if nobody else does (no "unobserved task" at GC).
                connecting.ContinueWith(t => { var unused = t.Exception; },
                                        TaskContinuationOptions.OnlyOnFaulted);
            }
            catch (Exception e)
            {
                GoOffline("offline: cannot connect to " + address + " (" + e.Message + ")");
                return;
            }
            connectStarted = DateTime.UtcNow;
            State = LinkState.Connecting;
            Status = "connecting to " + address;
            outStart = outEnd = 0;
            Queue(HelloJson());
            paramsChanged = true;
            CheckConnecting();
        }

        /// <summary>Whether the link is connected to steerlab now.</summary>
        public bool IsOnline { get { return State == LinkState.Online; } }

        /// <summary>Says `bye` (and lets steerlab read what was sent, at most half a second), then closes the link and the CSV.</summary>
        public void Close()
        {
            if (State == LinkState.Online)
            {
                Queue("{\"type\":\"bye\"}");
                FinishAndClose(TimeSpan.FromMilliseconds(500));
                GoOffline("closed");
            }
            else
            {
                Drop("closed");
            }
            if (csv != null)
            {
                try { csv.Dispose(); } catch (IOException) { }
                csv = null;
            }
        }

        public void Dispose() { Close(); }

        // ------------------------------------------------------------------ parameters

        /// <summary>
        /// Declares a tunable steerlab may set (the whole list goes to steerlab again with
        /// the next Poll() or Frame()). Declaring a name again redefines that parameter (the
        /// object returned before stays the one in use). Throws if the default is not within
        /// min to max.
        /// </summary>
        public Parameter Declare(string name, double min, double max, double defaultValue, string unit = "")
        {
            if (!(min <= defaultValue && defaultValue <= max))
                throw new ArgumentOutOfRangeException("defaultValue", name + ": the default " + Num(defaultValue) +
                    " is not within " + Num(min) + " to " + Num(max));
            Parameter parameter = Find(name);
            if (parameter == null)
            {
                parameter = new Parameter(name);
                parameters.Add(parameter);
            }
            parameter.Reset(min, max, defaultValue, unit);
            paramsChanged = true;
            if (csvHeaderWritten) CsvComment(ParamComment(parameter));
            return parameter;
        }

        /// <summary>The parameter of that name, or null.</summary>
        public Parameter Find(string name)
        {
            return parameters.Find(p => p.Name == name);
        }

        /// <summary>A declared parameter's value now (its default until steerlab sets it).</summary>
        public double Value(string name)
        {
            var p = Find(name);
            if (p == null) throw new KeyNotFoundException("steerlab: no parameter `" + name + "` was declared");
            return p.Value;
        }

        /// <summary>The declared parameters, in order.</summary>
        public IList<Parameter> Parameters { get { return parameters.AsReadOnly(); } }

        // ------------------------------------------------------------------ each tick

        /// <summary>
        /// Sends what waits and reads what steerlab sent, and acts on it: a `set` changes the
        /// parameter and is answered with `applied` naming NextTick (so call Poll() before
        /// your tick reads its parameters); `pause`, `step`, `resume` change IsPaused and
        /// PendingSteps; an `error` is kept (ErrorField, ErrorMessage) and the link goes
        /// offline. Never blocks.
        /// </summary>
        public void Poll()
        {
            CheckConnecting();
            if (State != LinkState.Online) return;
            SendParamsIfChanged();
            Flush();
            Read();
            if (State == LinkState.Online) Flush();
        }

        /// <summary>
        /// Whether the game runs a tick now: always, unless steerlab paused it; while paused,
        /// once per `step` steerlab sent (each true uses one).
        /// </summary>
        public bool MayTick()
        {
            if (!IsPaused) return true;
            if (PendingSteps > 0)
            {
                PendingSteps--;
                return true;
            }
            return false;
        }

        /// <summary>
        /// Sends (and records) the frame of tick `tick` at `time` seconds. Ticks follow each
        /// other by one, and time = tick / TickRate (computed as tick * (1.0 / TickRate)).
        /// </summary>
        public void Frame(long tick, double time, IList<Entity> entities)
        {
            NextTick = tick + 1;
            if (csv != null) WriteRows(tick, time, entities);
            CheckConnecting();
            if (State == LinkState.Offline) return;
            SendParamsIfChanged();
            json.Length = 0;
            json.Append("{\"type\":\"frame\",\"tick\":").Append(tick.ToString(CultureInfo.InvariantCulture));
            json.Append(",\"time\":"); JsonNumber(time);
            json.Append(",\"entities\":[");
            for (int k = 0; k < entities.Count; k++)
            {
                if (k > 0) json.Append(',');
                EntityJson(entities[k]);
            }
            json.Append("]}");
            Queue(json.ToString());
            if (State == LinkState.Online) Flush();
        }

        // ------------------------------------------------------------------ the offline CSV

        /// <summary>
        /// Also writes every frame to `path` (replacing the file) as it goes: the columns of
        /// steerlab's own capture, numbers that read back exactly, empty cells for what an
        /// entity does not say; comment lines (`#`) name the game, its parameters and the
        /// `set`s taken. steerlab opens it as a recording. False (and a Log line) if the file
        /// cannot be written; the game goes on without it.
        /// </summary>
        public bool Record(string path)
        {
            if (csv != null) { csv.Dispose(); csv = null; }
            try
            {
                string folder = Path.GetDirectoryName(Path.GetFullPath(path));
                if (!string.IsNullOrEmpty(folder)) Directory.CreateDirectory(folder);
                csv = new StreamWriter(path, false, new UTF8Encoding(false));
                csv.NewLine = "\n";
            }
            catch (Exception e)
            {
                Warn("cannot record to " + path + ": " + e.Message);
                csv = null;
                return false;
            }
            csvHeaderWritten = false;
            return true;
        }

        /// <summary>The header (written before the first row, so it names the parameters declared by then).</summary>
        void WriteCsvHeader()
        {
            csv.WriteLine("# steerlab live capture (written by the game): " + Game + ", " +
                          TickRate.ToString(CultureInfo.InvariantCulture) + " ticks per second");
            foreach (var p in parameters) csv.WriteLine("# " + ParamComment(p));
            csv.WriteLine(CsvHeader);
            csvHeaderWritten = true;
        }

        /// <summary>A parameter as steerlab's capture names it: `param gain = 2 (0 to 20, default 2, 1/s)`.</summary>
        static string ParamComment(Parameter p)
        {
            return "param " + p.Name + " = " + Num(p.Value) + " (" + Num(p.Min) + " to " + Num(p.Max) +
                   ", default " + Num(p.Default) + (p.Unit.Length > 0 ? ", " + p.Unit : "") + ")";
        }

        void WriteRows(long tick, double time, IList<Entity> entities)
        {
            try
            {
                if (!csvHeaderWritten) WriteCsvHeader();
                string tickText = tick.ToString(CultureInfo.InvariantCulture) + "," + Num(time) + ",";
                for (int k = 0; k < entities.Count; k++)
                {
                    Entity e = entities[k];
                    row.Length = 0;
                    row.Append(tickText);
                    row.Append(e.Id.ToString(CultureInfo.InvariantCulture)).Append(',');
                    row.Append(e.Kind == EntityKind.Target ? "target" : "missile").Append(',');
                    row.Append(CsvText(e.Label)).Append(',');
                    row.Append(Num(e.X)).Append(',').Append(Num(e.Y)).Append(',');
                    row.Append(Num(e.Vx)).Append(',').Append(Num(e.Vy)).Append(',');
                    row.Append(Num(e.Heading)).Append(',');
                    if (e.HasAccel) row.Append(Num(e.Ax)).Append(',').Append(Num(e.Ay)); else row.Append(',');
                    row.Append(',');
                    if (e.HasSeen) row.Append(Num(e.SeenX)).Append(',').Append(Num(e.SeenY)); else row.Append(',');
                    csv.WriteLine(row.ToString());
                }
                csv.Flush();
            }
            catch (IOException ex)
            {
                StopRecording(ex);
            }
        }

        /// <summary>A comment line in the CSV (after its header).</summary>
        void CsvComment(string text)
        {
            if (csv == null) return;
            try
            {
                if (!csvHeaderWritten) WriteCsvHeader();
                csv.WriteLine("# " + text);
            }
            catch (IOException ex)
            {
                StopRecording(ex);
            }
        }

        void StopRecording(IOException ex)
        {
            Warn("stopped recording: " + ex.Message);
            try { csv.Dispose(); } catch (IOException) { }
            csv = null;
        }

        /// <summary>A CSV cell for text: quoted when it holds a comma, a quote or a line break.</summary>
        static string CsvText(string text)
        {
            if (string.IsNullOrEmpty(text)) return "";
            if (text.IndexOfAny(new[] { ',', '"', '\r', '\n' }) < 0) return text;
            return "\"" + text.Replace("\"", "\"\"") + "\"";
        }

        // ------------------------------------------------------------------ numbers

        /// <summary>
        /// A double as text that reads back as exactly the same double, in the invariant
        /// culture: the shortest "R" form, or "G17" where "R" would not round-trip (some
        /// .NET runtimes and mono miss a few values).
        /// </summary>
        public static string Num(double value)
        {
            string text = value.ToString("R", CultureInfo.InvariantCulture);
            double back;
            if (double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out back) &&
                (back == value || double.IsNaN(value)))
                return text;
            return value.ToString("G17", CultureInfo.InvariantCulture);
        }

        /// <summary>A number in JSON: NaN and infinities are not JSON, so they go as null
        /// (steerlab then refuses the message with an `error` naming the field).</summary>
        void JsonNumber(double value)
        {
            if (double.IsNaN(value) || double.IsInfinity(value)) json.Append("null");
            else json.Append(Num(value));
        }

        // ------------------------------------------------------------------ messages out

        string HelloJson()
        {
            json.Length = 0;
            json.Append("{\"type\":\"hello\",\"protocol\":").Append(ProtocolVersion);
            json.Append(",\"game\":"); JsonString(Game);
            json.Append(",\"tick_rate\":").Append(TickRate.ToString(CultureInfo.InvariantCulture)).Append('}');
            return json.ToString();
        }

        void SendParamsIfChanged()
        {
            if (!paramsChanged) return;
            paramsChanged = false;
            json.Length = 0;
            json.Append("{\"type\":\"params\",\"params\":[");
            for (int k = 0; k < parameters.Count; k++)
            {
                Parameter p = parameters[k];
                if (k > 0) json.Append(',');
                json.Append("{\"name\":"); JsonString(p.Name);
                json.Append(",\"min\":"); JsonNumber(p.Min);
                json.Append(",\"max\":"); JsonNumber(p.Max);
                json.Append(",\"default\":"); JsonNumber(p.Default);
                json.Append(",\"value\":"); JsonNumber(p.Value);
                if (p.Unit.Length > 0) { json.Append(",\"unit\":"); JsonString(p.Unit); }
                json.Append('}');
            }
            json.Append("]}");
            Queue(json.ToString());
        }

        void EntityJson(Entity e)
        {
            json.Append("{\"id\":").Append(e.Id.ToString(CultureInfo.InvariantCulture));
            json.Append(",\"kind\":\"").Append(e.Kind == EntityKind.Target ? "target" : "missile").Append('"');
            if (!string.IsNullOrEmpty(e.Label)) { json.Append(",\"label\":"); JsonString(e.Label); }
            json.Append(",\"x\":"); JsonNumber(e.X);
            json.Append(",\"y\":"); JsonNumber(e.Y);
            json.Append(",\"vx\":"); JsonNumber(e.Vx);
            json.Append(",\"vy\":"); JsonNumber(e.Vy);
            json.Append(",\"heading\":"); JsonNumber(e.Heading);
            if (e.HasAccel)
            {
                json.Append(",\"ax\":"); JsonNumber(e.Ax);
                json.Append(",\"ay\":"); JsonNumber(e.Ay);
            }
            if (e.HasSeen)
            {
                json.Append(",\"seen_x\":"); JsonNumber(e.SeenX);
                json.Append(",\"seen_y\":"); JsonNumber(e.SeenY);
            }
            json.Append('}');
        }

        void JsonString(string text)
        {
            json.Append('"');
            foreach (char c in text ?? "")
            {
                switch (c)
                {
                    case '"': json.Append("\\\""); break;
                    case '\\': json.Append("\\\\"); break;
                    case '\n': json.Append("\\n"); break;
                    case '\r': json.Append("\\r"); break;
                    case '\t': json.Append("\\t"); break;
                    default:
                        if (c < 0x20) json.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                        else json.Append(c);
                        break;
                }
            }
            json.Append('"');
        }

        /// <summary>Adds one message (a line) to what waits to be sent.</summary>
        void Queue(string message)
        {
            int length = Encoding.UTF8.GetByteCount(message) + 1;
            if (outEnd + length > outbox.Length)
            {
                // Move what waits to the front, and grow if that is not room enough.
                int waiting = outEnd - outStart;
                byte[] target = outbox;
                if (waiting + length > outbox.Length)
                    target = new byte[Math.Max(outbox.Length * 2, waiting + length)];
                Buffer.BlockCopy(outbox, outStart, target, 0, waiting);
                outbox = target;
                outStart = 0;
                outEnd = waiting;
            }
            outEnd += Encoding.UTF8.GetBytes(message, 0, message.Length, outbox, outEnd);
            outbox[outEnd++] = (byte)'\n';
            if (outEnd - outStart > MaxUnsent)
                GoOffline(State == LinkState.Connecting
                    ? "offline: steerlab at " + address + " did not answer"
                    : "offline: steerlab stopped reading", true);
        }

        /// <summary>Hands the socket what it takes now, without waiting.</summary>
        void Flush()
        {
            while (State == LinkState.Online && outEnd > outStart)
            {
                SocketError error;
                int sent = tcp.Client.Send(outbox, outStart, outEnd - outStart, SocketFlags.None, out error);
                if (error == SocketError.WouldBlock) return;
                if (error != SocketError.Success)
                {
                    GoOffline("offline: lost the link to steerlab (" + error + ")", true);
                    return;
                }
                outStart += sent;
            }
            if (outStart == outEnd) outStart = outEnd = 0;
        }

        // ------------------------------------------------------------------ messages in

        /// <summary>Reads whatever has come, and handles each whole line.</summary>
        void Read()
        {
            while (State == LinkState.Online)
            {
                SocketError error;
                int n = tcp.Client.Receive(readChunk, 0, readChunk.Length, SocketFlags.None, out error);
                if (error == SocketError.WouldBlock) return;
                if (error != SocketError.Success || n == 0)
                {
                    GoOffline(n == 0 && error == SocketError.Success
                        ? "offline: steerlab closed the link"
                        : "offline: lost the link to steerlab (" + error + ")", true);
                    return;
                }
                HandleLines(readChunk, n);
            }
        }

        /// <summary>Adds `n` bytes to the inbox and handles every whole line in it.</summary>
        void HandleLines(byte[] bytes, int n)
        {
            int start = 0;
            for (int k = 0; k < n; k++)
            {
                if (bytes[k] != (byte)'\n') continue;
                inbox.Write(bytes, start, k - start);
                string line = Encoding.UTF8.GetString(inbox.GetBuffer(), 0, (int)inbox.Length);
                inbox.SetLength(0);
                start = k + 1;
                Handle(line);
                if (State != LinkState.Online) return;
            }
            inbox.Write(bytes, start, n - start);
            if (inbox.Length > MaxLine)
            {
                inbox.SetLength(0);
                GoOffline("offline: steerlab sent a line longer than " + MaxLine + " bytes", true);
            }
        }

        /// <summary>Acts on one message from steerlab.</summary>
        void Handle(string line)
        {
            Dictionary<string, object> message = FlatJson.Parse(line);
            if (message == null) return;  // not a JSON object: not for us
            switch (FlatJson.Text(message, "type"))
            {
                case "welcome":
                    SteerlabVersion = FlatJson.Text(message, "steerlab");
                    Status = "online: steerlab " + SteerlabVersion + " at " + address;
                    Say(Status);
                    break;
                case "set":
                    TakeSet(FlatJson.Text(message, "name"), FlatJson.Number(message, "value"));
                    break;
                case "pause":
                    IsPaused = true;
                    PendingSteps = 0;
                    if (PauseRequested != null) PauseRequested();
                    break;
                case "step":
                    if (!IsPaused) break;  // a step only means something while paused
                    PendingSteps++;
                    if (StepRequested != null) StepRequested();
                    break;
                case "resume":
                    IsPaused = false;
                    PendingSteps = 0;
                    if (ResumeRequested != null) ResumeRequested();
                    break;
                case "error":
                    ErrorField = FlatJson.Text(message, "field") ?? "";
                    ErrorMessage = FlatJson.Text(message, "message") ?? "";
                    string text = ErrorField.Length > 0 ? ErrorField + ": " + ErrorMessage : ErrorMessage;
                    GoOffline("offline: steerlab refused what the game sent and closed the link: " + text, true);
                    if (ErrorReceived != null) ErrorReceived(ErrorField, ErrorMessage);
                    break;
                // Anything else comes from a newer steerlab: ignored.
            }
        }

        /// <summary>A `set`: the parameter takes the value (within its range) and the game answers `applied`.</summary>
        void TakeSet(string name, double? value)
        {
            Parameter p = name == null ? null : Find(name);
            if (p == null || value == null)
            {
                Say("ignored a set of `" + name + "`: not a declared parameter with a number");
                return;
            }
            p.Value = Math.Min(p.Max, Math.Max(p.Min, value.Value));
            json.Length = 0;
            json.Append("{\"type\":\"applied\",\"name\":"); JsonString(p.Name);
            json.Append(",\"value\":"); JsonNumber(p.Value);
            json.Append(",\"tick\":").Append(NextTick.ToString(CultureInfo.InvariantCulture)).Append('}');
            Queue(json.ToString());
            CsvComment("applied " + p.Name + " = " + Num(p.Value) + " from tick " +
                       NextTick.ToString(CultureInfo.InvariantCulture));
            if (ParameterSet != null) ParameterSet(p);
        }

        // ------------------------------------------------------------------ the connection's life

        /// <summary>Looks at a pending connect: done (online), failed or too slow (offline).</summary>
        void CheckConnecting()
        {
            if (State != LinkState.Connecting) return;
            if (connecting.IsCompleted)
            {
                if (connecting.IsFaulted || connecting.IsCanceled || !tcp.Connected)
                {
                    Exception e = connecting.Exception == null ? null : connecting.Exception.GetBaseException();
                    GoOffline("offline: steerlab is not there at " + address + (e == null ? "" : " (" + e.Message + ")"));
                    return;
                }
                connecting = null;
                tcp.Client.Blocking = false;
                State = LinkState.Online;
                Status = "online: connected to " + address;
                Flush();
            }
            else if (DateTime.UtcNow - connectStarted > ConnectTimeout)
            {
                GoOffline("offline: steerlab at " + address + " did not answer within " +
                          ConnectTimeout.TotalSeconds.ToString(CultureInfo.InvariantCulture) + " s");
            }
        }

        /// <summary>Sends what waits (at most `patience`), closes our side and reads until steerlab closes its own.</summary>
        void FinishAndClose(TimeSpan patience)
        {
            DateTime until = DateTime.UtcNow + patience;
            try
            {
                Socket socket = tcp.Client;
                while (outEnd > outStart && DateTime.UtcNow < until && State == LinkState.Online)
                {
                    socket.Poll(10000, SelectMode.SelectWrite);
                    Flush();
                }
                if (State != LinkState.Online) return;
                socket.Shutdown(SocketShutdown.Send);
                while (DateTime.UtcNow < until)
                {
                    if (!socket.Poll(10000, SelectMode.SelectRead)) continue;
                    SocketError error;
                    int n = socket.Receive(readChunk, 0, readChunk.Length, SocketFlags.None, out error);
                    if (n == 0 || (error != SocketError.Success && error != SocketError.WouldBlock)) break;
                }
            }
            catch (SocketException) { }
            catch (ObjectDisposedException) { }
        }

        /// <summary>Closes the connection (if any) and works offline from now on; says why
        /// (a warning when it is a problem, not just steerlab being absent or the game closing).</summary>
        void GoOffline(string why, bool problem = false)
        {
            bool wasPaused = IsPaused;
            Drop(why);
            if (problem) Warn(why); else if (why != "closed") Say(why);
            // Nothing holds the game's clock any more.
            if (wasPaused && ResumeRequested != null) ResumeRequested();
        }

        void Drop(string why)
        {
            if (tcp != null)
            {
                try { tcp.Close(); } catch (Exception) { }
                tcp = null;
            }
            connecting = null;
            outStart = outEnd = 0;
            inbox.SetLength(0);
            IsPaused = false;
            PendingSteps = 0;
            State = LinkState.Offline;
            if (why != null) Status = why;
        }

        void Say(string text)
        {
            if (Log != null) Log("steerlab: " + text);
        }

        void Warn(string text)
        {
            if (LogWarning != null) LogWarning("steerlab: " + text); else Say(text);
        }
    }

    /// <summary>
    /// Reads steerlab's messages: one JSON object whose fields are text, numbers, true,
    /// false or null (a nested object or list is skipped). Null if the line is not that.
    /// </summary>
    static class FlatJson
    {
        public static string Text(Dictionary<string, object> message, string key)
        {
            object value;
            return message.TryGetValue(key, out value) ? value as string : null;
        }

        public static double? Number(Dictionary<string, object> message, string key)
        {
            object value;
            if (message.TryGetValue(key, out value) && value is double) return (double)value;
            return null;
        }

        public static Dictionary<string, object> Parse(string s)
        {
            int i = 0;
            var fields = new Dictionary<string, object>();
            SkipSpace(s, ref i);
            if (i >= s.Length || s[i] != '{') return null;
            i++;
            SkipSpace(s, ref i);
            if (i < s.Length && s[i] == '}') return fields;
            while (i < s.Length)
            {
                SkipSpace(s, ref i);
                string key = ReadString(s, ref i);
                if (key == null) return null;
                SkipSpace(s, ref i);
                if (i >= s.Length || s[i] != ':') return null;
                i++;
                SkipSpace(s, ref i);
                object value;
                if (!ReadValue(s, ref i, out value)) return null;
                fields[key] = value;
                SkipSpace(s, ref i);
                if (i < s.Length && s[i] == ',') { i++; continue; }
                if (i < s.Length && s[i] == '}') return fields;
                return null;
            }
            return null;
        }

        static void SkipSpace(string s, ref int i)
        {
            while (i < s.Length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) i++;
        }

        static bool ReadValue(string s, ref int i, out object value)
        {
            value = null;
            if (i >= s.Length) return false;
            char c = s[i];
            if (c == '"') { value = ReadString(s, ref i); return value != null; }
            if (c == '{' || c == '[') return SkipNested(s, ref i);
            if (Word(s, ref i, "true")) { value = true; return true; }
            if (Word(s, ref i, "false")) { value = false; return true; }
            if (Word(s, ref i, "null")) return true;
            int start = i;
            while (i < s.Length && "+-0123456789.eE".IndexOf(s[i]) >= 0) i++;
            double number;
            if (i == start || !double.TryParse(s.Substring(start, i - start), NumberStyles.Float,
                                               CultureInfo.InvariantCulture, out number))
                return false;
            value = number;
            return true;
        }

        static bool Word(string s, ref int i, string word)
        {
            if (string.CompareOrdinal(s, i, word, 0, word.Length) != 0) return false;
            i += word.Length;
            return true;
        }

        static string ReadString(string s, ref int i)
        {
            if (i >= s.Length || s[i] != '"') return null;
            i++;
            var text = new StringBuilder();
            while (i < s.Length)
            {
                char c = s[i++];
                if (c == '"') return text.ToString();
                if (c != '\\') { text.Append(c); continue; }
                if (i >= s.Length) return null;
                char e = s[i++];
                switch (e)
                {
                    case 'n': text.Append('\n'); break;
                    case 'r': text.Append('\r'); break;
                    case 't': text.Append('\t'); break;
                    case 'b': text.Append('\b'); break;
                    case 'f': text.Append('\f'); break;
                    case 'u':
                        int code;
                        if (i + 4 > s.Length || !int.TryParse(s.Substring(i, 4), NumberStyles.HexNumber,
                                                              CultureInfo.InvariantCulture, out code))
                            return null;
                        text.Append((char)code);
                        i += 4;
                        break;
                    default: text.Append(e); break;  // \" \\ \/
                }
            }
            return null;
        }

        /// <summary>Skips a nested object or list (strings inside may hold brackets).</summary>
        static bool SkipNested(string s, ref int i)
        {
            int depth = 0;
            while (i < s.Length)
            {
                char c = s[i];
                if (c == '"') { if (ReadString(s, ref i) == null) return false; continue; }
                if (c == '{' || c == '[') depth++;
                else if (c == '}' || c == ']') depth--;
                i++;
                if (depth == 0) return true;
            }
            return false;
        }
    }
}

#if UNITY_5_3_OR_NEWER
namespace Steerlab
{
    using UnityEngine;
    using UnityEngine.Events;

    /// <summary>A parameter declared from the inspector.</summary>
    [Serializable]
    public class SteerlabParameterSpec
    {
        public string name = "gain";
        public float min = 0f;
        public float max = 20f;
        public float defaultValue = 2f;
        [Tooltip("Shown beside the value in steerlab, such as 1/s (optional).")]
        public string unit = "";
    }

    /// <summary>One thing to stream: a Transform, or a Rigidbody2D (its velocity is then exact).</summary>
    [Serializable]
    public class SteerlabTracked
    {
        [Tooltip("What to stream; leave empty when a Rigidbody2D is given.")]
        public Transform transform;
        [Tooltip("Optional: velocity and position come from the body (else velocity is the Transform's motion per fixed step).")]
        public Rigidbody2D body;
        public EntityKind kind = EntityKind.Missile;
        [Tooltip("What flies it, in your words (steerlab's algorithm column); at most 40 characters.")]
        public string label = "";

        // Kept by the component: the id it streams under, and the last position seen.
        [NonSerialized] internal long id = -1;
        [NonSerialized] internal bool present;
        [NonSerialized] internal Vector2 lastPosition;
    }

    /// <summary>A `set` steerlab made: the parameter's name and its new value.</summary>
    [Serializable]
    public class SteerlabParameterSetEvent : UnityEvent<string, float> { }

    /// <summary>
    /// Streams the tracked objects to steerlab every FixedUpdate, declares the parameters of
    /// the inspector and keeps them up to date (read them with GetParameter). Runs after
    /// the game's own FixedUpdates, so each frame holds the state the tick left.
    /// </summary>
    [AddComponentMenu("Steerlab/Steerlab Link")]
    [DefaultExecutionOrder(1000)]
    public class SteerlabLinkBehaviour : MonoBehaviour
    {
        /// <summary>Which world plane steerlab's x and y are.</summary>
        public enum WorldPlane { XY, XZ }

        [Header("steerlab")]
        public string host = "127.0.0.1";
        public int port = 7878;
        [Tooltip("The name steerlab shows (empty: the product name).")]
        public string gameName = "";
        public bool connectOnStart = true;

        [Header("Offline recording")]
        [Tooltip("A CSV of everything streamed, written whether or not steerlab runs. A relative path is under Application.persistentDataPath; empty: none.")]
        public string recordPath = "";

        [Header("What to stream")]
        [Tooltip("XY: 2D games (x right, y up). XZ: 3D games seen from above (steerlab's y is world z). Rigidbody2Ds are always XY.")]
        public WorldPlane plane = WorldPlane.XY;
        public List<SteerlabTracked> tracked = new List<SteerlabTracked>();

        [Header("Parameters steerlab may set")]
        public List<SteerlabParameterSpec> parameters = new List<SteerlabParameterSpec>();
        public SteerlabParameterSetEvent onParameterSet = new SteerlabParameterSetEvent();

        [Header("Pause")]
        [Tooltip("steerlab's pause sets Time.timeScale to 0, resume restores it, step lets fixed steps run for one frame.")]
        public bool pauseStopsTime = true;
        public UnityEvent onPause = new UnityEvent();
        public UnityEvent onStep = new UnityEvent();
        public UnityEvent onResume = new UnityEvent();

        /// <summary>The engine-free link (for what the component does not cover).</summary>
        public SteerlabLink Link { get; private set; }
        /// <summary>The tick of the next frame streamed.</summary>
        public long Tick { get; private set; }

        long nextId = 1;
        bool stoppedTime;              // this component set Time.timeScale to 0 for steerlab's pause
        float timeScaleBeforePause = 1f;
        bool stepping;
        readonly List<Entity> entities = new List<Entity>();

        /// <summary>A parameter's value now (its inspector default until steerlab sets it).</summary>
        public float GetParameter(string name) { return (float)Link.Value(name); }

        /// <summary>Streams one more object from now on (a new id; returns it).</summary>
        public SteerlabTracked Track(Transform target, EntityKind kind, string label)
        {
            var t = new SteerlabTracked { transform = target, body = target.GetComponent<Rigidbody2D>(), kind = kind, label = label };
            tracked.Add(t);
            return t;
        }

        void Awake()
        {
            string name = string.IsNullOrEmpty(gameName) ? Application.productName : gameName;
            if (name.Length > 40) name = name.Substring(0, 40);
            int tickRate = Mathf.Clamp(Mathf.RoundToInt(1f / Time.fixedDeltaTime), 1, 1000);
            Link = new SteerlabLink(name, tickRate);
            Link.Log = Debug.Log;
            Link.LogWarning = Debug.LogWarning;
            Link.ParameterSet += p => onParameterSet.Invoke(p.Name, (float)p.Value);
            Link.PauseRequested += OnSteerlabPause;
            Link.StepRequested += OnSteerlabStep;
            Link.ResumeRequested += OnSteerlabResume;
            foreach (var p in parameters)
                Link.Declare(p.name, p.min, p.max, Mathf.Clamp(p.defaultValue, p.min, p.max), p.unit);
        }

        void Start()
        {
            if (!string.IsNullOrEmpty(recordPath))
            {
                string path = System.IO.Path.IsPathRooted(recordPath)
                    ? recordPath
                    : System.IO.Path.Combine(Application.persistentDataPath, recordPath);
                if (Link.Record(path)) Debug.Log("steerlab: recording to " + path);
            }
            if (connectOnStart) Link.Connect(host, port);
        }

        /// <summary>Reads steerlab's messages once a frame (also while Time.timeScale is 0).
        /// A `set` read here is applied from the next FixedUpdate, the tick its `applied` names.</summary>
        void Update()
        {
            Link.Poll();
        }

        void FixedUpdate()
        {
            entities.Clear();
            float dt = Time.fixedDeltaTime;
            foreach (var t in tracked)
            {
                Entity e;
                if (Sample(t, dt, out e)) entities.Add(e);
            }
            Link.Frame(Tick, Tick * (1.0 / Link.TickRate), entities);
            Tick++;
            if (stepping && Link.IsPaused)
            {
                stepping = false;
                Time.timeScale = 0f;
            }
        }

        /// <summary>One tracked object's state now; false while it is gone or inactive. An
        /// object that comes back (a pooled missile) streams under a new id.</summary>
        bool Sample(SteerlabTracked t, float dt, out Entity e)
        {
            e = default(Entity);
            Transform tf = t.body != null ? t.body.transform : t.transform;
            if (tf == null || !tf.gameObject.activeInHierarchy)
            {
                t.present = false;
                return false;
            }
            Vector2 position, velocity;
            if (t.body != null)
            {
                position = t.body.position;
#if UNITY_6000_0_OR_NEWER
                velocity = t.body.linearVelocity;
#else
                velocity = t.body.velocity;
#endif
            }
            else
            {
                Vector3 p = tf.position;
                position = plane == WorldPlane.XY ? new Vector2(p.x, p.y) : new Vector2(p.x, p.z);
                velocity = t.present ? (position - t.lastPosition) / dt : Vector2.zero;
            }
            if (!t.present)
            {
                t.id = nextId++;
                t.present = true;
            }
            t.lastPosition = position;
            // Heading: where it moves, or where it faces while still.
            double heading;
            if (velocity.sqrMagnitude > 0f) heading = Math.Atan2(velocity.y, velocity.x);
            else if (plane == WorldPlane.XY) heading = Math.Atan2(tf.right.y, tf.right.x);
            else heading = Math.Atan2(tf.forward.z, tf.forward.x);
            e = new Entity
            {
                Id = t.id, Kind = t.kind, Label = t.label,
                X = position.x, Y = position.y, Vx = velocity.x, Vy = velocity.y, Heading = heading,
            };
            return true;
        }

        void OnSteerlabPause()
        {
            if (pauseStopsTime && !stoppedTime && Time.timeScale > 0f)
            {
                timeScaleBeforePause = Time.timeScale;
                Time.timeScale = 0f;
                stoppedTime = true;
            }
            onPause.Invoke();
        }

        void OnSteerlabStep()
        {
            // Let the clock run until the next fixed step; FixedUpdate stops it again after it.
            if (stoppedTime && Link.MayTick())
            {
                stepping = true;
                Time.timeScale = timeScaleBeforePause;
            }
            onStep.Invoke();
        }

        void OnSteerlabResume()
        {
            if (stoppedTime) Time.timeScale = timeScaleBeforePause;
            stoppedTime = false;
            stepping = false;
            onResume.Invoke();
        }

        void OnDestroy()
        {
            if (Link != null) Link.Close();
        }
    }
}
#endif
