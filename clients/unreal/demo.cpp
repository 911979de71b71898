// The demo engagement of docs/live.md, flown over the live link by the engine-free core:
// a target flies a straight line, a missile steers towards it with the game's `gain`,
// which steerlab may set. Works without steerlab too (OUT.csv is written either way).
//
//   g++ -std=c++17 -O2 -Wall -Wextra -Werror -o /tmp/demo clients/unreal/demo.cpp
//   /tmp/demo HOST PORT OUT.csv

#include "SteerlabLink.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <thread>
#include <vector>

int main(int argc, char** argv)
{
	if (argc != 4)
	{
		std::fprintf(stderr, "usage: demo HOST PORT OUT.csv\n");
		return 2;
	}
	const std::string Host = argv[1], Output = argv[3];
	const int Port = std::atoi(argv[2]);
	const double Dt = 1.0 / 60;
	const auto Sleep = [Dt] { std::this_thread::sleep_for(std::chrono::duration<double>(Dt)); };

	steerlab::Link Link("c++ demo", 60);
	Link.Log = [](const std::string& Text) { std::cerr << Text << "\n"; };
	Link.Record(Output);
	const steerlab::Parameter& Gain = Link.Declare("gain", 0, 20, 2, "1/s");
	Link.Connect(Host, Port);

	double Tx = 400, Ty = 300, Tvx = -60, Tvy = 20; // the target: position, velocity
	double Mx = 0, My = 0, Vx = 150, Vy = 0;        // the missile: position, velocity
	std::vector<steerlab::Entity> Entities(2);
	std::uint64_t T = 0;
	while (T < 240)
	{
		// 1. Read what steerlab sent (a `set` of gain is answered with `applied` for tick T).
		Link.Poll();
		if (!Link.MayTick())
		{
			Sleep(); // paused: keep reading, run no tick
			continue;
		}
		// 2. Step: steer towards the target at 150 units/s, then move both.
		const double SeenX = Tx, SeenY = Ty; // where the seeker sees the target
		const double ToX = Tx - Mx, ToY = Ty - My;
		const double D = std::sqrt(ToX * ToX + ToY * ToY);
		const double DesiredX = ToX * (150 / D), DesiredY = ToY * (150 / D);
		const double Ax = (DesiredX - Vx) * Gain.Value, Ay = (DesiredY - Vy) * Gain.Value;
		Vx += Ax * Dt;
		Vy += Ay * Dt;
		Mx += Vx * Dt;
		My += Vy * Dt;
		Tx += Tvx * Dt;
		Ty += Tvy * Dt;
		// 3. Send the frame of tick T.
		Entities[0] = steerlab::Entity::Target(1, Tx, Ty, Tvx, Tvy, std::atan2(Tvy, Tvx));
		Entities[1] = steerlab::Entity::Missile(7, "chaser", Mx, My, Vx, Vy, std::atan2(Vy, Vx))
		                  .WithAccel(Ax, Ay)
		                  .WithSeen(SeenX, SeenY);
		Link.Frame(T, static_cast<double>(T) * (1.0 / 60), Entities);
		Sleep();
		++T;
	}
	Link.Close();
	if (Link.HasError()) std::cerr << "steerlab said: " << Link.ErrorField() << ": " << Link.ErrorMessage() << "\n";
	return 0;
}
