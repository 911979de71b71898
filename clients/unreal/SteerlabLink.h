// steerlab's live link for Unreal (and any C++17 game): stream your missiles and targets
// to steerlab every tick, declare your tunables, and take the values steerlab sets back.
// The protocol is docs/live.md: newline-delimited JSON over plain TCP.
//
// Engine-free and header-only: the C++17 standard library and the platform's sockets
// (POSIX, or Winsock under _WIN32). Nothing here waits on steerlab: connecting, sending
// and reading are non-blocking, and when steerlab is not there, leaves, or closes the link
// with an `error`, the link works offline (it still writes the CSV if you asked for one).
// No exceptions are thrown (Unreal builds without them).
//
//     steerlab::Link Link("Skirmish", 60);
//     Link.Record("skirmish.csv");                 // optional: the CSV steerlab would save
//     const steerlab::Parameter& Gain = Link.Declare("gain", 0, 20, 2, "1/s");
//     Link.Connect("127.0.0.1", 7878);             // returns at once; offline if nobody answers
//     every tick:
//         Link.Poll();                             // takes `set`, `pause`, `step`, `resume`
//         if (Link.MayTick()) {                    // false while steerlab holds the game paused
//             ... your tick, using Gain.Value ...
//             Link.Frame(Tick, Tick * (1.0 / 60), Entities);
//         }
//     Link.Close();                                // says `bye`, closes the CSV
//
// Numbers are written so that they read back as exactly the same double (std::to_chars'
// shortest form, or "%.17g" with a '.' whatever the C locale says).

#pragma once

#include <cerrno>
#include <charconv>
#include <chrono>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <initializer_list>
#include <locale>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <winsock2.h>
#include <ws2tcpip.h>
#ifdef _MSC_VER
#pragma comment(lib, "Ws2_32.lib")
#endif
#else
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>
#endif

namespace steerlab
{

/// What an entity is. Targets and missiles are numbered apart.
enum class EntityKind { Target, Missile };

/// Where the link is.
enum class LinkState
{
	Offline,    // not connected: frames only go to the CSV (if recording)
	Connecting, // what is sent meanwhile waits, and goes out once connected
	Online,     // connected to steerlab
};

/// One entity's state at a tick: a row of the recording.
struct Entity
{
	std::uint64_t Id = 0;             // 0 to 2^53; a new missile takes a new id
	EntityKind Kind = EntityKind::Target;
	std::string Label;                // what flies it, in your words (empty: none)
	double X = 0, Y = 0;              // world units
	double Vx = 0, Vy = 0;            // units per second
	double Heading = 0;               // radians
	bool HasAccel = false;            // whether Ax, Ay (the acceleration your law commanded) are sent
	double Ax = 0, Ay = 0;
	bool HasSeen = false;             // whether SeenX, SeenY (where your seeker sees the target) are sent
	double SeenX = 0, SeenY = 0;

	static Entity Target(std::uint64_t InId, double InX, double InY, double InVx, double InVy, double InHeading)
	{
		Entity E;
		E.Id = InId; E.Kind = EntityKind::Target;
		E.X = InX; E.Y = InY; E.Vx = InVx; E.Vy = InVy; E.Heading = InHeading;
		return E;
	}

	static Entity Missile(std::uint64_t InId, std::string InLabel, double InX, double InY, double InVx, double InVy,
	                      double InHeading)
	{
		Entity E = Target(InId, InX, InY, InVx, InVy, InHeading);
		E.Kind = EntityKind::Missile;
		E.Label = std::move(InLabel);
		return E;
	}

	/// This entity with the acceleration your law commanded this tick.
	Entity& WithAccel(double InAx, double InAy)
	{
		HasAccel = true; Ax = InAx; Ay = InAy;
		return *this;
	}

	/// This entity with where your seeker sees its target.
	Entity& WithSeen(double InX, double InY)
	{
		HasSeen = true; SeenX = InX; SeenY = InY;
		return *this;
	}
};

/// One of your tunables. Read Value each tick: steerlab may change it.
struct Parameter
{
	std::string Name;
	double Min = 0, Max = 0, Default = 0;
	double Value = 0; // the default until steerlab sets it
	std::string Unit;
};

/// A double as text that reads back as exactly the same double ("." as the decimal point).
inline std::string Num(double Value)
{
	char Buffer[64];
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
	const std::to_chars_result Result = std::to_chars(Buffer, Buffer + sizeof(Buffer), Value);
	return std::string(Buffer, Result.ptr);
#else
	std::snprintf(Buffer, sizeof(Buffer), "%.17g", Value);
	std::string Text(Buffer);
	const char* Point = std::localeconv()->decimal_point;
	if (Point && Point[0] && Point[0] != '.')
	{
		const std::string::size_type At = Text.find(Point);
		if (At != std::string::npos) Text.replace(At, std::strlen(Point), ".");
	}
	return Text;
#endif
}

/// A number in text ("." as the decimal point); false if it is not one.
inline bool ParseNum(const std::string& Text, double& Out)
{
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
	const char* End = Text.data() + Text.size();
	const std::from_chars_result Result = std::from_chars(Text.data(), End, Out);
	return Result.ec == std::errc() && Result.ptr == End;
#else
	std::istringstream Stream(Text);
	Stream.imbue(std::locale::classic());
	Stream >> Out;
	return !Stream.fail() && Stream.peek() == std::char_traits<char>::eof();
#endif
}

/// The recording's columns, exactly as steerlab writes them.
constexpr const char* CsvHeader = "tick,time,id,kind,algorithm,x,y,vx,vy,heading,ax,ay,seen_x,seen_y";

namespace detail
{
#ifdef _WIN32
using SocketHandle = SOCKET;
constexpr SocketHandle NoSocket = INVALID_SOCKET;
inline int LastSocketError() { return WSAGetLastError(); }
inline bool WouldBlock(int Code) { return Code == WSAEWOULDBLOCK || Code == WSAEINPROGRESS; }
inline void CloseSocket(SocketHandle S) { closesocket(S); }
inline bool SetNonBlocking(SocketHandle S)
{
	u_long On = 1;
	return ioctlsocket(S, FIONBIO, &On) == 0;
}
/// Winsock starts once per process, and stays up until it ends.
inline bool StartSockets()
{
	static const bool Started = []
	{
		WSADATA Data;
		return WSAStartup(MAKEWORD(2, 2), &Data) == 0;
	}();
	return Started;
}
/// Sends / reads at most Length bytes: how many, or -1 (see LastSocketError()).
inline long SendSome(SocketHandle S, const char* Data, std::size_t Length)
{
	return send(S, Data, static_cast<int>(Length > 1u << 30 ? 1u << 30 : Length), 0);
}
inline long ReadSome(SocketHandle S, char* Data, std::size_t Length)
{
	return recv(S, Data, static_cast<int>(Length), 0);
}
/// Whether the socket can be written (Write) or read (!Write) within TimeoutMs; -1 on an error.
inline int Wait(SocketHandle S, bool Write, int TimeoutMs)
{
	fd_set Ready, Failed;
	FD_ZERO(&Ready); FD_ZERO(&Failed);
	FD_SET(S, &Ready); FD_SET(S, &Failed);
	timeval Limit{TimeoutMs / 1000, (TimeoutMs % 1000) * 1000};
	const int N = select(0, Write ? nullptr : &Ready, Write ? &Ready : nullptr, &Failed, &Limit);
	if (N < 0 || FD_ISSET(S, &Failed)) return -1;
	return N > 0 ? 1 : 0;
}
#else
using SocketHandle = int;
constexpr SocketHandle NoSocket = -1;
inline int LastSocketError() { return errno; }
inline bool WouldBlock(int Code) { return Code == EAGAIN || Code == EWOULDBLOCK || Code == EINPROGRESS || Code == EINTR; }
inline void CloseSocket(SocketHandle S) { ::close(S); }
inline bool SetNonBlocking(SocketHandle S)
{
	const int Flags = fcntl(S, F_GETFL, 0);
	return Flags >= 0 && fcntl(S, F_SETFL, Flags | O_NONBLOCK) == 0;
}
inline bool StartSockets() { return true; }
/// Sends / reads at most Length bytes: how many, or -1 (see LastSocketError()).
inline long SendSome(SocketHandle S, const char* Data, std::size_t Length)
{
#ifdef MSG_NOSIGNAL
	return static_cast<long>(send(S, Data, Length, MSG_NOSIGNAL)); // a closed link is an error, not SIGPIPE
#else
	return static_cast<long>(send(S, Data, Length, 0)); // (macOS, iOS: SO_NOSIGPIPE is set on the socket)
#endif
}
inline long ReadSome(SocketHandle S, char* Data, std::size_t Length)
{
	return static_cast<long>(recv(S, Data, Length, 0));
}
/// Whether the socket can be written (Write) or read (!Write) within TimeoutMs; -1 on an error.
inline int Wait(SocketHandle S, bool Write, int TimeoutMs)
{
	pollfd P{};
	P.fd = S;
	P.events = Write ? POLLOUT : POLLIN;
	const int N = ::poll(&P, 1, TimeoutMs);
	if (N < 0) return errno == EINTR ? 0 : -1;
	if (N == 0) return 0;
	if (Write && (P.revents & (POLLERR | POLLHUP | POLLNVAL))) return -1;
	return 1;
}
#endif

/// One message from steerlab: a JSON object whose fields are text or numbers (anything
/// else, nested objects and lists included, is skipped).
struct FlatMessage
{
	std::vector<std::pair<std::string, std::string>> Texts;
	std::vector<std::pair<std::string, double>> Numbers;

	const std::string* Text(const char* Key) const
	{
		for (const auto& Field : Texts) if (Field.first == Key) return &Field.second;
		return nullptr;
	}

	const double* Number(const char* Key) const
	{
		for (const auto& Field : Numbers) if (Field.first == Key) return &Field.second;
		return nullptr;
	}

	/// Reads one line; false if it is not a JSON object.
	bool Parse(const std::string& S)
	{
		std::size_t I = 0;
		Space(S, I);
		if (I >= S.size() || S[I] != '{') return false;
		++I;
		Space(S, I);
		if (I < S.size() && S[I] == '}') return true;
		while (I < S.size())
		{
			Space(S, I);
			std::string Key;
			if (!String(S, I, Key)) return false;
			Space(S, I);
			if (I >= S.size() || S[I] != ':') return false;
			++I;
			Space(S, I);
			if (!Value(S, I, Key)) return false;
			Space(S, I);
			if (I < S.size() && S[I] == ',') { ++I; continue; }
			return I < S.size() && S[I] == '}';
		}
		return false;
	}

private:
	static void Space(const std::string& S, std::size_t& I)
	{
		while (I < S.size() && (S[I] == ' ' || S[I] == '\t' || S[I] == '\r' || S[I] == '\n')) ++I;
	}

	bool Value(const std::string& S, std::size_t& I, const std::string& Key)
	{
		if (I >= S.size()) return false;
		const char C = S[I];
		if (C == '"')
		{
			std::string Parsed;
			if (!String(S, I, Parsed)) return false;
			Texts.emplace_back(Key, std::move(Parsed));
			return true;
		}
		if (C == '{' || C == '[') return SkipNested(S, I);
		for (const char* Word : {"true", "false", "null"})
		{
			if (S.compare(I, std::strlen(Word), Word) == 0)
			{
				I += std::strlen(Word);
				return true;
			}
		}
		const std::size_t Start = I;
		while (I < S.size() && S[I] != '\0' && std::strchr("+-0123456789.eE", S[I])) ++I;
		double Parsed = 0;
		if (I == Start || !ParseNum(S.substr(Start, I - Start), Parsed)) return false;
		Numbers.emplace_back(Key, Parsed);
		return true;
	}

	static void Utf8(std::string& Out, unsigned Code)
	{
		if (Code < 0x80) Out += static_cast<char>(Code);
		else if (Code < 0x800)
		{
			Out += static_cast<char>(0xC0 | (Code >> 6));
			Out += static_cast<char>(0x80 | (Code & 0x3F));
		}
		else if (Code < 0x10000)
		{
			Out += static_cast<char>(0xE0 | (Code >> 12));
			Out += static_cast<char>(0x80 | ((Code >> 6) & 0x3F));
			Out += static_cast<char>(0x80 | (Code & 0x3F));
		}
		else
		{
			Out += static_cast<char>(0xF0 | (Code >> 18));
			Out += static_cast<char>(0x80 | ((Code >> 12) & 0x3F));
			Out += static_cast<char>(0x80 | ((Code >> 6) & 0x3F));
			Out += static_cast<char>(0x80 | (Code & 0x3F));
		}
	}

	static bool Hex4(const std::string& S, std::size_t& I, unsigned& Code)
	{
		if (I + 4 > S.size()) return false;
		Code = 0;
		for (int K = 0; K < 4; ++K)
		{
			const char C = S[I++];
			Code <<= 4;
			if (C >= '0' && C <= '9') Code |= static_cast<unsigned>(C - '0');
			else if (C >= 'a' && C <= 'f') Code |= static_cast<unsigned>(C - 'a' + 10);
			else if (C >= 'A' && C <= 'F') Code |= static_cast<unsigned>(C - 'A' + 10);
			else return false;
		}
		return true;
	}

	static bool String(const std::string& S, std::size_t& I, std::string& Out)
	{
		if (I >= S.size() || S[I] != '"') return false;
		++I;
		while (I < S.size())
		{
			const char C = S[I++];
			if (C == '"') return true;
			if (C != '\\') { Out += C; continue; }
			if (I >= S.size()) return false;
			const char E = S[I++];
			switch (E)
			{
			case 'n': Out += '\n'; break;
			case 'r': Out += '\r'; break;
			case 't': Out += '\t'; break;
			case 'b': Out += '\b'; break;
			case 'f': Out += '\f'; break;
			case 'u':
			{
				unsigned Code = 0;
				if (!Hex4(S, I, Code)) return false;
				// A surrogate pair is one character beyond the Basic Multilingual Plane.
				unsigned Low = 0;
				std::size_t After = I;
				if (Code >= 0xD800 && Code < 0xDC00 && After + 1 < S.size() && S[After] == '\\' && S[After + 1] == 'u')
				{
					After += 2;
					if (Hex4(S, After, Low) && Low >= 0xDC00 && Low < 0xE000)
					{
						Code = 0x10000 + ((Code - 0xD800) << 10) + (Low - 0xDC00);
						I = After;
					}
				}
				Utf8(Out, Code);
				break;
			}
			default: Out += E; break; // \" \\ \/
			}
		}
		return false;
	}

	/// Skips a nested object or list (strings inside may hold brackets).
	static bool SkipNested(const std::string& S, std::size_t& I)
	{
		int Depth = 0;
		while (I < S.size())
		{
			const char C = S[I];
			if (C == '"')
			{
				std::string Ignored;
				if (!String(S, I, Ignored)) return false;
				continue;
			}
			if (C == '{' || C == '[') ++Depth;
			else if (C == '}' || C == ']') --Depth;
			++I;
			if (Depth == 0) return true;
		}
		return false;
	}
};
} // namespace detail

/// The link to steerlab: declare parameters, call Poll() at the start of each tick and
/// Frame() at its end, Close() when done. Not thread-safe: call it from one thread (the
/// game thread).
class Link
{
public:
	static constexpr int ProtocolVersion = 1;
	/// How long Connect() may take before the link gives up and works offline.
	static constexpr std::chrono::milliseconds ConnectTimeout{3000};

	/// Where the link says what it does (connected, offline); empty for nowhere.
	std::function<void(const std::string&)> Log;
	/// Where the link reports problems (steerlab's `error`, a lost link, a CSV it cannot
	/// write); empty: to Log.
	std::function<void(const std::string&)> LogWarning;
	/// Called after a `set` was taken (the parameter holds the new value).
	std::function<void(const Parameter&)> OnParameterSet;
	/// Called when steerlab asks the game to stop its clock / run one tick while paused /
	/// start its clock again (OnResume also when the link drops while paused).
	std::function<void()> OnPause, OnStep, OnResume;
	/// Called when steerlab sends an `error` (field, message); the link is offline after it.
	std::function<void(const std::string&, const std::string&)> OnError;

	Link(std::string InGame, int InTickRate) : Game(std::move(InGame)), TickRate(InTickRate) {}
	/// Closes the link (says `bye`) without calling the game's callbacks: the game may be
	/// half gone by now.
	~Link()
	{
		OnParameterSet = nullptr;
		OnPause = OnStep = OnResume = nullptr;
		OnError = nullptr;
		Close();
	}
	Link(const Link&) = delete;
	Link& operator=(const Link&) = delete;

	// ------------------------------------------------------------------ connecting

	/// Starts connecting to steerlab at Host:Port and returns at once; `hello` and the
	/// parameters go out as soon as the connection is made (Poll() and Frame() check on
	/// it). If steerlab is not there, the link goes offline within ConnectTimeout. The name
	/// lookup of a host name (not an address such as 127.0.0.1) may take a moment.
	void Connect(const std::string& Host, int Port)
	{
		Drop(nullptr);
		ErrorFieldText.clear();
		ErrorMessageText.clear();
		Address = Host + ":" + std::to_string(Port);
		if (!detail::StartSockets())
		{
			GoOffline("offline: the sockets of this system did not start", true);
			return;
		}
		addrinfo Hints{};
		Hints.ai_family = AF_UNSPEC;
		Hints.ai_socktype = SOCK_STREAM;
		Hints.ai_protocol = IPPROTO_TCP;
		addrinfo* Found = nullptr;
		if (getaddrinfo(Host.c_str(), std::to_string(Port).c_str(), &Hints, &Found) != 0 || !Found)
		{
			GoOffline("offline: cannot find " + Address);
			return;
		}
		for (addrinfo* A = Found; A; A = A->ai_next)
		{
			Candidate C;
			std::memcpy(&C.Storage, A->ai_addr, A->ai_addrlen);
			C.Length = static_cast<socklen_t>(A->ai_addrlen);
			C.Family = A->ai_family;
			Candidates.push_back(C);
		}
		freeaddrinfo(Found);
		ConnectStarted = std::chrono::steady_clock::now();
		State = LinkState::Connecting;
		StatusText = "connecting to " + Address;
		Queue(HelloJson());
		ParamsChanged = true;
		TryNextAddress();
	}

	/// Says `bye` (and lets steerlab read what was sent, at most half a second), then
	/// closes the link and the CSV.
	void Close()
	{
		if (State == LinkState::Online)
		{
			Queue("{\"type\":\"bye\"}");
			FinishAndClose(std::chrono::milliseconds(500));
			GoOffline("closed");
		}
		else
		{
			Drop("closed");
		}
		if (Csv)
		{
			std::fclose(Csv);
			Csv = nullptr;
		}
	}

	const std::string& GetGame() const { return Game; }
	int GetTickRate() const { return TickRate; }
	LinkState GetState() const { return State; }
	bool IsOnline() const { return State == LinkState::Online; }
	/// What the link is doing, in words (for a HUD or the log).
	const std::string& Status() const { return StatusText; }
	/// steerlab's version, from its `welcome` (empty until then).
	const std::string& SteerlabVersion() const { return Version; }
	/// Whether steerlab sent an `error` (it closed the link after it).
	bool HasError() const { return !ErrorMessageText.empty(); }
	/// The field steerlab's `error` named (such as `entities[1].x`; empty for the whole message).
	const std::string& ErrorField() const { return ErrorFieldText; }
	const std::string& ErrorMessage() const { return ErrorMessageText; }

	// ------------------------------------------------------------------ parameters

	/// Declares a tunable steerlab may set (the whole list goes to steerlab again with the
	/// next Poll() or Frame()); declaring a name again redefines it. A default outside Min
	/// to Max is brought within them (with a LogWarning line). The reference stays valid
	/// as long as the link.
	const Parameter& Declare(const std::string& Name, double Min, double Max, double Default, const std::string& Unit = "")
	{
		Parameter P;
		P.Name = Name;
		P.Min = Min;
		P.Max = Max < Min ? Min : Max;
		P.Default = Clamp(Default, P.Min, P.Max);
		if (P.Default != Default || P.Max != Max)
			Warn(Name + ": declared with a default of " + Num(Default) + " and a range of " + Num(Min) + " to " + Num(Max) +
			     "; using a default of " + Num(P.Default) + " within " + Num(P.Min) + " to " + Num(P.Max));
		P.Value = P.Default;
		P.Unit = Unit;
		Parameter* Slot = FindMutable(Name);
		if (Slot) *Slot = P;
		else
		{
			Params.push_back(P);
			Slot = &Params.back();
		}
		ParamsChanged = true;
		if (CsvHeaderWritten) CsvComment(ParamComment(*Slot));
		return *Slot;
	}

	/// The parameter of that name, or nullptr.
	const Parameter* Find(const std::string& Name) const
	{
		for (const Parameter& P : Params) if (P.Name == Name) return &P;
		return nullptr;
	}

	/// A declared parameter's value now (its default until steerlab sets it); Fallback if
	/// no parameter of that name was declared.
	double Value(const std::string& Name, double Fallback = 0.0) const
	{
		const Parameter* P = Find(Name);
		return P ? P->Value : Fallback;
	}

	/// The declared parameters, in order.
	const std::deque<Parameter>& Parameters() const { return Params; }

	// ------------------------------------------------------------------ each tick

	/// Sends what waits and reads what steerlab sent, and acts on it: a `set` changes the
	/// parameter and is answered with `applied` naming NextTick() (so call Poll() before
	/// your tick reads its parameters); `pause`, `step`, `resume` change IsPaused() and
	/// PendingSteps(); an `error` is kept (ErrorField(), ErrorMessage()) and the link goes
	/// offline. Never blocks.
	void Poll()
	{
		CheckConnecting();
		if (State != LinkState::Online) return;
		SendParamsIfChanged();
		Flush();
		Read();
		if (State == LinkState::Online) Flush();
	}

	/// Whether the game runs a tick now: always, unless steerlab paused it; while paused,
	/// once per `step` steerlab sent (each true uses one).
	bool MayTick()
	{
		if (!Paused) return true;
		if (Steps > 0)
		{
			--Steps;
			return true;
		}
		return false;
	}

	/// steerlab asked the game to stop its clock (see MayTick()).
	bool IsPaused() const { return Paused; }
	/// Ticks steerlab asked for with `step` while paused, not yet run.
	int PendingSteps() const { return Steps; }
	/// The tick an `applied` names: the one after the last frame sent (0 before any; set
	/// it if your first tick is not 0).
	std::uint64_t NextTick() const { return Next; }
	void SetNextTick(std::uint64_t Tick) { Next = Tick; }

	/// Sends (and records) the frame of tick Tick at Time seconds. Ticks follow each other
	/// by one, and Time = Tick / TickRate (computed as Tick * (1.0 / TickRate)).
	void Frame(std::uint64_t Tick, double Time, const Entity* Entities, std::size_t Count)
	{
		Next = Tick + 1;
		if (Csv) WriteRows(Tick, Time, Entities, Count);
		CheckConnecting();
		if (State == LinkState::Offline) return;
		SendParamsIfChanged();
		Json.clear();
		Json += "{\"type\":\"frame\",\"tick\":";
		Json += std::to_string(Tick);
		Json += ",\"time\":";
		JsonNumber(Time);
		Json += ",\"entities\":[";
		for (std::size_t K = 0; K < Count; ++K)
		{
			if (K > 0) Json += ',';
			EntityJson(Entities[K]);
		}
		Json += "]}";
		Queue(Json);
		if (State == LinkState::Online) Flush();
	}

	void Frame(std::uint64_t Tick, double Time, const std::vector<Entity>& Entities)
	{
		Frame(Tick, Time, Entities.data(), Entities.size());
	}

	// ------------------------------------------------------------------ the offline CSV

	/// Also writes every frame to Path (replacing the file; its folder must exist) as it
	/// goes: the columns of steerlab's own capture, numbers that read back exactly, empty
	/// cells for what an entity does not say; comment lines (`#`) name the game, its
	/// parameters and the `set`s taken. steerlab opens it as a recording. False (and a
	/// LogWarning line) if the file cannot be written; the game goes on without it.
	bool Record(const std::string& Path)
	{
		if (Csv) std::fclose(Csv);
		Csv = OpenForWriting(Path);
		CsvHeaderWritten = false;
		if (!Csv)
		{
			Warn("cannot record to " + Path);
			return false;
		}
		return true;
	}

private:
	struct Candidate
	{
		sockaddr_storage Storage{};
		socklen_t Length = 0;
		int Family = 0;
	};

	std::string Game;
	int TickRate;
	std::deque<Parameter> Params; // a deque: Declare's references stay valid
	bool ParamsChanged = false;

	LinkState State = LinkState::Offline;
	std::string StatusText = "offline";
	std::string Version;
	std::string ErrorFieldText, ErrorMessageText;
	bool Paused = false;
	int Steps = 0;
	std::uint64_t Next = 0;

	// The connection: the socket, the addresses still to try, the bytes either way.
	detail::SocketHandle Socket = detail::NoSocket;
	std::vector<Candidate> Candidates;
	std::size_t NextCandidate = 0;
	std::chrono::steady_clock::time_point ConnectStarted;
	std::string Address;
	std::string Outbox;            // bytes to send, from OutStart on
	std::size_t OutStart = 0;
	std::string Inbox;             // bytes read, not yet a whole line
	std::string Json;              // the message being written

	// The offline CSV.
	std::FILE* Csv = nullptr;
	bool CsvHeaderWritten = false;

	static constexpr std::size_t MaxUnsent = 8u << 20; // bytes steerlab may leave unread before the link gives up
	static constexpr std::size_t MaxLine = 1u << 20;   // longest line steerlab sends

	static double Clamp(double V, double Lo, double Hi) { return V < Lo ? Lo : (V > Hi ? Hi : V); }

	Parameter* FindMutable(const std::string& Name)
	{
		for (Parameter& P : Params) if (P.Name == Name) return &P;
		return nullptr;
	}

	// ------------------------------------------------------------------ the CSV, inside

	static std::FILE* OpenForWriting(const std::string& Path)
	{
#ifdef _WIN32
		// UTF-8 path to the wide one Windows wants.
		const int N = MultiByteToWideChar(CP_UTF8, 0, Path.c_str(), -1, nullptr, 0);
		if (N <= 0) return nullptr;
		std::wstring Wide(static_cast<std::size_t>(N), L'\0');
		MultiByteToWideChar(CP_UTF8, 0, Path.c_str(), -1, &Wide[0], N);
		std::FILE* File = nullptr;
		return _wfopen_s(&File, Wide.c_str(), L"wb") == 0 ? File : nullptr;
#else
		return std::fopen(Path.c_str(), "wb");
#endif
	}

	/// The header (written before the first row, so it names the parameters declared by then).
	void WriteCsvHeader()
	{
		std::string Text = "# steerlab live capture (written by the game): " + Game + ", " + std::to_string(TickRate) +
		                   " ticks per second\n";
		for (const Parameter& P : Params) Text += "# " + ParamComment(P) + "\n";
		Text += CsvHeader;
		Text += '\n';
		std::fputs(Text.c_str(), Csv);
		CsvHeaderWritten = true;
	}

	/// A parameter as steerlab's capture names it: `param gain = 2 (0 to 20, default 2, 1/s)`.
	static std::string ParamComment(const Parameter& P)
	{
		return "param " + P.Name + " = " + Num(P.Value) + " (" + Num(P.Min) + " to " + Num(P.Max) + ", default " +
		       Num(P.Default) + (P.Unit.empty() ? "" : ", " + P.Unit) + ")";
	}

	/// A comment line in the CSV (after its header).
	void CsvComment(const std::string& Text)
	{
		if (!Csv) return;
		if (!CsvHeaderWritten) WriteCsvHeader();
		std::fputs(("# " + Text + "\n").c_str(), Csv);
		CheckCsv();
	}

	void WriteRows(std::uint64_t Tick, double Time, const Entity* Entities, std::size_t Count)
	{
		if (!CsvHeaderWritten) WriteCsvHeader();
		const std::string Start = std::to_string(Tick) + "," + Num(Time) + ",";
		std::string Row;
		for (std::size_t K = 0; K < Count; ++K)
		{
			const Entity& E = Entities[K];
			Row = Start;
			Row += std::to_string(E.Id);
			Row += E.Kind == EntityKind::Target ? ",target," : ",missile,";
			Row += CsvText(E.Label);
			for (double V : {E.X, E.Y, E.Vx, E.Vy, E.Heading}) { Row += ','; Row += Num(V); }
			Row += ',';
			if (E.HasAccel) Row += Num(E.Ax) + "," + Num(E.Ay); else Row += ',';
			Row += ',';
			if (E.HasSeen) Row += Num(E.SeenX) + "," + Num(E.SeenY); else Row += ',';
			Row += '\n';
			std::fputs(Row.c_str(), Csv);
		}
		std::fflush(Csv);
		CheckCsv();
	}

	/// Stops recording if the file could not be written (a full disk, a removed drive).
	void CheckCsv()
	{
		if (Csv && std::ferror(Csv))
		{
			Warn("stopped recording: the CSV could not be written");
			std::fclose(Csv);
			Csv = nullptr;
		}
	}

	/// A CSV cell for text: quoted when it holds a comma, a quote or a line break.
	static std::string CsvText(const std::string& Text)
	{
		if (Text.find_first_of(",\"\r\n") == std::string::npos) return Text;
		std::string Quoted = "\"";
		for (char C : Text)
		{
			if (C == '"') Quoted += '"';
			Quoted += C;
		}
		return Quoted + "\"";
	}

	// ------------------------------------------------------------------ messages out

	/// A number in JSON: NaN and infinities are not JSON, so they go as null (steerlab
	/// then refuses the message with an `error` naming the field).
	void JsonNumber(double V)
	{
		if (std::isfinite(V)) Json += Num(V);
		else Json += "null";
	}

	void JsonString(const std::string& Text)
	{
		Json += '"';
		for (char C : Text)
		{
			switch (C)
			{
			case '"': Json += "\\\""; break;
			case '\\': Json += "\\\\"; break;
			case '\n': Json += "\\n"; break;
			case '\r': Json += "\\r"; break;
			case '\t': Json += "\\t"; break;
			default:
				if (static_cast<unsigned char>(C) < 0x20)
				{
					char Escape[8];
					std::snprintf(Escape, sizeof(Escape), "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(C)));
					Json += Escape;
				}
				else Json += C; // UTF-8 bytes pass as they are
			}
		}
		Json += '"';
	}

	std::string HelloJson()
	{
		Json.clear();
		Json += "{\"type\":\"hello\",\"protocol\":" + std::to_string(ProtocolVersion) + ",\"game\":";
		JsonString(Game);
		Json += ",\"tick_rate\":" + std::to_string(TickRate) + "}";
		return Json;
	}

	void SendParamsIfChanged()
	{
		if (!ParamsChanged) return;
		ParamsChanged = false;
		Json.clear();
		Json += "{\"type\":\"params\",\"params\":[";
		bool First = true;
		for (const Parameter& P : Params)
		{
			if (!First) Json += ',';
			First = false;
			Json += "{\"name\":";
			JsonString(P.Name);
			Json += ",\"min\":"; JsonNumber(P.Min);
			Json += ",\"max\":"; JsonNumber(P.Max);
			Json += ",\"default\":"; JsonNumber(P.Default);
			Json += ",\"value\":"; JsonNumber(P.Value);
			if (!P.Unit.empty()) { Json += ",\"unit\":"; JsonString(P.Unit); }
			Json += '}';
		}
		Json += "]}";
		Queue(Json);
	}

	void EntityJson(const Entity& E)
	{
		Json += "{\"id\":" + std::to_string(E.Id);
		Json += E.Kind == EntityKind::Target ? ",\"kind\":\"target\"" : ",\"kind\":\"missile\"";
		if (!E.Label.empty()) { Json += ",\"label\":"; JsonString(E.Label); }
		Json += ",\"x\":"; JsonNumber(E.X);
		Json += ",\"y\":"; JsonNumber(E.Y);
		Json += ",\"vx\":"; JsonNumber(E.Vx);
		Json += ",\"vy\":"; JsonNumber(E.Vy);
		Json += ",\"heading\":"; JsonNumber(E.Heading);
		if (E.HasAccel)
		{
			Json += ",\"ax\":"; JsonNumber(E.Ax);
			Json += ",\"ay\":"; JsonNumber(E.Ay);
		}
		if (E.HasSeen)
		{
			Json += ",\"seen_x\":"; JsonNumber(E.SeenX);
			Json += ",\"seen_y\":"; JsonNumber(E.SeenY);
		}
		Json += '}';
	}

	/// Adds one message (a line) to what waits to be sent.
	void Queue(const std::string& Message)
	{
		if (OutStart > 0 && OutStart * 2 >= Outbox.size())
		{
			Outbox.erase(0, OutStart); // drop what went out, now and then
			OutStart = 0;
		}
		Outbox += Message;
		Outbox += '\n';
		if (Outbox.size() - OutStart > MaxUnsent)
			GoOffline(State == LinkState::Connecting ? "offline: steerlab at " + Address + " did not answer"
			                                         : "offline: steerlab stopped reading",
			          true);
	}

	/// Hands the socket what it takes now, without waiting.
	void Flush()
	{
		while (State == LinkState::Online && OutStart < Outbox.size())
		{
			const long Sent = detail::SendSome(Socket, Outbox.data() + OutStart, Outbox.size() - OutStart);
			if (Sent < 0)
			{
				const int Code = detail::LastSocketError();
				if (detail::WouldBlock(Code)) return;
				GoOffline("offline: lost the link to steerlab (" + SocketErrorText(Code) + ")", true);
				return;
			}
			OutStart += static_cast<std::size_t>(Sent);
		}
		if (OutStart == Outbox.size())
		{
			Outbox.clear();
			OutStart = 0;
		}
	}

	// ------------------------------------------------------------------ messages in

	/// Reads whatever has come, and handles each whole line.
	void Read()
	{
		char Chunk[64 * 1024];
		while (State == LinkState::Online)
		{
			const long N = detail::ReadSome(Socket, Chunk, sizeof(Chunk));
			if (N < 0)
			{
				const int Code = detail::LastSocketError();
				if (detail::WouldBlock(Code)) return;
				GoOffline("offline: lost the link to steerlab (" + SocketErrorText(Code) + ")", true);
				return;
			}
			if (N == 0)
			{
				GoOffline("offline: steerlab closed the link", true);
				return;
			}
			Inbox.append(Chunk, static_cast<std::size_t>(N));
			std::size_t Start = 0, End;
			while (State == LinkState::Online && (End = Inbox.find('\n', Start)) != std::string::npos)
			{
				Handle(Inbox.substr(Start, End - Start));
				Start = End + 1;
			}
			if (State != LinkState::Online) return;
			Inbox.erase(0, Start);
			if (Inbox.size() > MaxLine)
			{
				GoOffline("offline: steerlab sent a line longer than " + std::to_string(MaxLine) + " bytes", true);
				return;
			}
		}
	}

	/// Acts on one message from steerlab.
	void Handle(const std::string& Line)
	{
		detail::FlatMessage M;
		if (!M.Parse(Line)) return; // not a JSON object: not for us
		const std::string* Type = M.Text("type");
		if (!Type) return;
		if (*Type == "welcome")
		{
			const std::string* V = M.Text("steerlab");
			Version = V ? *V : "";
			StatusText = "online: steerlab " + Version + " at " + Address;
			Say(StatusText);
		}
		else if (*Type == "set")
		{
			const std::string* Name = M.Text("name");
			const double* V = M.Number("value");
			TakeSet(Name ? *Name : "", V);
		}
		else if (*Type == "pause")
		{
			Paused = true;
			Steps = 0;
			if (OnPause) OnPause();
		}
		else if (*Type == "step")
		{
			if (!Paused) return; // a step only means something while paused
			++Steps;
			if (OnStep) OnStep();
		}
		else if (*Type == "resume")
		{
			Paused = false;
			Steps = 0;
			if (OnResume) OnResume();
		}
		else if (*Type == "error")
		{
			const std::string* Field = M.Text("field");
			const std::string* Message = M.Text("message");
			ErrorFieldText = Field ? *Field : "";
			ErrorMessageText = Message && !Message->empty() ? *Message : "(no message)";
			const std::string Text = ErrorFieldText.empty() ? ErrorMessageText : ErrorFieldText + ": " + ErrorMessageText;
			GoOffline("offline: steerlab refused what the game sent and closed the link: " + Text, true);
			if (OnError) OnError(ErrorFieldText, ErrorMessageText);
		}
		// Anything else comes from a newer steerlab: ignored.
	}

	/// A `set`: the parameter takes the value (within its range) and the game answers `applied`.
	void TakeSet(const std::string& Name, const double* V)
	{
		Parameter* P = FindMutable(Name);
		if (!P || !V)
		{
			Say("ignored a set of `" + Name + "`: not a declared parameter with a number");
			return;
		}
		P->Value = Clamp(*V, P->Min, P->Max);
		Json.clear();
		Json += "{\"type\":\"applied\",\"name\":";
		JsonString(P->Name);
		Json += ",\"value\":";
		JsonNumber(P->Value);
		Json += ",\"tick\":" + std::to_string(Next) + "}";
		Queue(Json);
		CsvComment("applied " + P->Name + " = " + Num(P->Value) + " from tick " + std::to_string(Next));
		if (OnParameterSet) OnParameterSet(*P);
	}

	// ------------------------------------------------------------------ the connection's life

	/// Starts a non-blocking connect to the next address found; offline when none is left.
	void TryNextAddress()
	{
		while (NextCandidate < Candidates.size())
		{
			const Candidate& C = Candidates[NextCandidate++];
			Socket = socket(C.Family, SOCK_STREAM, IPPROTO_TCP);
			if (Socket == detail::NoSocket) continue;
			if (!detail::SetNonBlocking(Socket))
			{
				CloseSocketNow();
				continue;
			}
			int On = 1;
			setsockopt(Socket, IPPROTO_TCP, TCP_NODELAY, reinterpret_cast<const char*>(&On), sizeof(On));
#ifdef SO_NOSIGPIPE
			setsockopt(Socket, SOL_SOCKET, SO_NOSIGPIPE, &On, sizeof(On));
#endif
			if (connect(Socket, reinterpret_cast<const sockaddr*>(&C.Storage), C.Length) == 0)
			{
				BecomeOnline();
				return;
			}
			if (detail::WouldBlock(detail::LastSocketError())) return; // CheckConnecting() looks again
			CloseSocketNow();
		}
		GoOffline("offline: steerlab is not there at " + Address);
	}

	/// Looks at a pending connect: done (online), failed (the next address) or too slow (offline).
	void CheckConnecting()
	{
		if (State != LinkState::Connecting) return;
		const int Ready = detail::Wait(Socket, true, 0);
		if (Ready == 0)
		{
			if (std::chrono::steady_clock::now() - ConnectStarted > ConnectTimeout)
				GoOffline("offline: steerlab at " + Address + " did not answer within " +
				          std::to_string(ConnectTimeout.count() / 1000) + " s");
			return;
		}
		int Code = 0;
		socklen_t Length = sizeof(Code);
		if (Ready < 0 || getsockopt(Socket, SOL_SOCKET, SO_ERROR, reinterpret_cast<char*>(&Code), &Length) != 0 || Code != 0)
		{
			CloseSocketNow();
			TryNextAddress();
			return;
		}
		BecomeOnline();
	}

	void BecomeOnline()
	{
		State = LinkState::Online;
		StatusText = "online: connected to " + Address;
		Flush();
	}

	/// Sends what waits (at most Patience), closes our side, and reads until steerlab
	/// closes its own (so nothing it sent is left unread, which would reset the link).
	void FinishAndClose(std::chrono::milliseconds Patience)
	{
		const auto Until = std::chrono::steady_clock::now() + Patience;
		while (State == LinkState::Online && OutStart < Outbox.size() && std::chrono::steady_clock::now() < Until)
		{
			detail::Wait(Socket, true, 10);
			Flush();
		}
		if (State != LinkState::Online) return;
#ifdef _WIN32
		shutdown(Socket, SD_SEND);
#else
		shutdown(Socket, SHUT_WR);
#endif
		char Chunk[4096];
		while (std::chrono::steady_clock::now() < Until)
		{
			const int Ready = detail::Wait(Socket, false, 10);
			if (Ready < 0) break;
			if (Ready == 0) continue;
			const long N = detail::ReadSome(Socket, Chunk, sizeof(Chunk));
			if (N == 0 || (N < 0 && !detail::WouldBlock(detail::LastSocketError()))) break;
		}
	}

	/// Closes the connection (if any) and works offline from now on; says why (a warning
	/// when it is a problem, not just steerlab being absent or the game closing).
	void GoOffline(const std::string& Why, bool Problem = false)
	{
		const bool WasPaused = Paused;
		Drop(Why.c_str());
		if (Problem) Warn(Why);
		else if (Why != "closed") Say(Why);
		// Nothing holds the game's clock any more.
		if (WasPaused && OnResume) OnResume();
	}

	void Drop(const char* Why)
	{
		CloseSocketNow();
		Candidates.clear();
		NextCandidate = 0;
		Outbox.clear();
		OutStart = 0;
		Inbox.clear();
		Paused = false;
		Steps = 0;
		State = LinkState::Offline;
		if (Why) StatusText = Why;
	}

	void CloseSocketNow()
	{
		if (Socket != detail::NoSocket)
		{
			detail::CloseSocket(Socket);
			Socket = detail::NoSocket;
		}
	}

	static std::string SocketErrorText(int Code)
	{
#ifdef _WIN32
		return "Winsock error " + std::to_string(Code);
#else
		return std::strerror(Code);
#endif
	}

	void Say(const std::string& Text) const
	{
		if (Log) Log("steerlab: " + Text);
	}

	void Warn(const std::string& Text) const
	{
		if (LogWarning) LogWarning("steerlab: " + Text);
		else Say(Text);
	}
};

} // namespace steerlab
