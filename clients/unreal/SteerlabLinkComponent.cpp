// USteerlabLinkComponent: the actor component over the engine-free core (SteerlabLink.h).
// InitializeComponent declares the parameters (so any actor's BeginPlay can read them);
// BeginPlay opens the CSV and connects; TickComponent reads what
// steerlab sent and streams the tracked actors on the link's fixed clock; EndPlay says
// `bye`. Everything runs on the game thread and never waits on steerlab.

#include "SteerlabLinkComponent.h"

#include "Engine/World.h"
#include "GameFramework/Actor.h"
#include "HAL/FileManager.h"
#include "Kismet/GameplayStatics.h"
#include "Misc/App.h"
#include "Misc/Paths.h"

// The core includes the platform's socket headers: on Windows they go between Unreal's
// guards for Windows' own types and macros.
#if PLATFORM_WINDOWS
#include "Windows/AllowWindowsPlatformTypes.h"
#endif
#include "SteerlabLink.h"
#if PLATFORM_WINDOWS
#include "Windows/HideWindowsPlatformTypes.h"
#endif

#include <cmath>
#include <string>
#include <vector>

DEFINE_LOG_CATEGORY_STATIC(LogSteerlab, Log, All);

namespace
{
std::string ToUtf8(const FString& Text)
{
	return std::string(TCHAR_TO_UTF8(*Text));
}

FString FromUtf8(const std::string& Text)
{
	return FString(UTF8_TO_TCHAR(Text.c_str()));
}
} // namespace

USteerlabLinkComponent::USteerlabLinkComponent()
{
	PrimaryComponentTick.bCanEverTick = true;
	// After physics, so a frame holds the state the tick left; and also while the game is
	// paused, so steerlab's `step` and `resume` are read.
	PrimaryComponentTick.TickGroup = TG_PostPhysics;
	PrimaryComponentTick.bTickEvenWhenPaused = true;
	bWantsInitializeComponent = true;
}

void USteerlabLinkComponent::InitializeComponent()
{
	Super::InitializeComponent();
	const FString Name = (GameName.IsEmpty() ? FString(FApp::GetProjectName()) : GameName).Left(40);
	Link = MakeShared<steerlab::Link>(ToUtf8(Name), FMath::Clamp(TickRate, 1, 1000));

	// The link's words go to the log (LogSteerlab), its problems as warnings.
	Link->Log = [](const std::string& Text) { UE_LOG(LogSteerlab, Log, TEXT("%s"), *FromUtf8(Text)); };
	Link->LogWarning = [](const std::string& Text) { UE_LOG(LogSteerlab, Warning, TEXT("%s"), *FromUtf8(Text)); };

	// steerlab's requests become the component's events (and, with bPauseGame, the game's pause).
	Link->OnParameterSet = [this](const steerlab::Parameter& P) { OnParameterSet.Broadcast(FromUtf8(P.Name), P.Value); };
	Link->OnPause = [this]()
	{
		if (bPauseGame) UGameplayStatics::SetGamePaused(this, true);
		OnPause.Broadcast();
	};
	Link->OnStep = [this]()
	{
		// Unpause for one engine tick: TickComponent streams it and pauses again.
		if (bPauseGame && Link->MayTick())
		{
			bStepping = true;
			UGameplayStatics::SetGamePaused(this, false);
		}
		OnStep.Broadcast();
	};
	Link->OnResume = [this]()
	{
		if (bPauseGame) UGameplayStatics::SetGamePaused(this, false);
		bStepping = false;
		OnResume.Broadcast();
	};

	for (const FSteerlabParameter& P : Parameters)
	{
		Link->Declare(ToUtf8(P.Name), P.Min, P.Max, P.Default, ToUtf8(P.Unit));
	}
}

void USteerlabLinkComponent::BeginPlay()
{
	Super::BeginPlay();
	if (!Link)
	{
		return;
	}
	if (!RecordPath.IsEmpty())
	{
		const FString Path = FPaths::IsRelative(RecordPath)
			? FPaths::Combine(FPaths::ProjectSavedDir(), TEXT("Steerlab"), RecordPath)
			: RecordPath;
		const FString FullPath = FPaths::ConvertRelativePathToFull(Path);
		IFileManager::Get().MakeDirectory(*FPaths::GetPath(FullPath), true);
		if (Link->Record(ToUtf8(FullPath)))
		{
			UE_LOG(LogSteerlab, Log, TEXT("steerlab: recording to %s"), *FullPath);
		}
	}

	if (bConnectOnBeginPlay)
	{
		Connect();
	}
}

void USteerlabLinkComponent::EndPlay(const EEndPlayReason::Type EndPlayReason)
{
	if (Link)
	{
		Link->OnPause = nullptr; // the game is ending: no pausing or resuming it now
		Link->OnResume = nullptr;
		Link->Close();           // says `bye`, closes the CSV
		Link.Reset();
	}
	Super::EndPlay(EndPlayReason);
}

void USteerlabLinkComponent::Connect()
{
	if (Link)
	{
		Link->Connect(ToUtf8(Host), Port);
	}
}

void USteerlabLinkComponent::TickComponent(float DeltaTime, ELevelTick TickType, FActorComponentTickFunction* ThisTickFunction)
{
	Super::TickComponent(DeltaTime, TickType, ThisTickFunction);
	if (!Link)
	{
		return;
	}
	// A `set` read here is applied from the next tick: the one its `applied` names.
	Link->Poll();

	const UWorld* World = GetWorld();
	if (World && World->IsPaused())
	{
		return; // no game time passes: no frames
	}
	const double Dt = 1.0 / Link->GetTickRate();
	if (bStepping)
	{
		// One engine tick for steerlab's `step`: stream it, and pause again.
		bStepping = false;
		SendFrame(Dt);
		Unstreamed = 0.0;
		if (bPauseGame && Link->IsPaused())
		{
			UGameplayStatics::SetGamePaused(this, true);
		}
		return;
	}
	// One frame per 1/TickRate s of game time (exactly one per tick at a fixed frame rate
	// of TickRate); after a long hitch, at most a few, so the stream does not burst.
	Unstreamed = FMath::Min(Unstreamed + DeltaTime, 4 * Dt);
	while (Unstreamed >= Dt * 0.999)
	{
		SendFrame(Dt);
		Unstreamed -= Dt;
	}
}

void USteerlabLinkComponent::SendFrame(double Dt)
{
	std::vector<steerlab::Entity> Entities;
	Entities.reserve(static_cast<size_t>(Tracked.Num()));
	for (FSteerlabTracked& T : Tracked)
	{
		AActor* Actor = T.Actor;
		if (!IsValid(Actor) || Actor->IsHidden())
		{
			T.Id = 0; // gone: if it shows again, it is a new entity
			continue;
		}
		const FVector Location = Actor->GetActorLocation();
		FVector Velocity = Actor->GetVelocity();
		if (Velocity.IsNearlyZero() && T.Id != 0)
		{
			// No movement component says how fast it goes: its motion since the last frame.
			Velocity = (Location - T.LastLocation) / Dt;
		}
		if (T.Id == 0)
		{
			T.Id = NextId++;
		}
		T.LastLocation = Location;

		const bool bTopDown = Plane == ESteerlabPlane::XY;
		const double Vx = Velocity.X, Vy = bTopDown ? Velocity.Y : Velocity.Z;
		// Heading: where it moves, or where it faces while still.
		const FVector Forward = Actor->GetActorForwardVector();
		const double Heading = (Vx != 0.0 || Vy != 0.0)
			? std::atan2(Vy, Vx)
			: std::atan2(bTopDown ? Forward.Y : Forward.Z, Forward.X);

		steerlab::Entity E = steerlab::Entity::Target(T.Id, Location.X, bTopDown ? Location.Y : Location.Z, Vx, Vy, Heading);
		E.Kind = T.Kind == ESteerlabKind::Target ? steerlab::EntityKind::Target : steerlab::EntityKind::Missile;
		E.Label = ToUtf8(T.Label);
		Entities.push_back(E);
	}
	Link->Frame(NextFrameTick, static_cast<double>(NextFrameTick) * Dt, Entities);
	++NextFrameTick;
}

double USteerlabLinkComponent::GetParameter(const FString& Name, double Fallback) const
{
	return Link ? Link->Value(ToUtf8(Name), Fallback) : Fallback;
}

void USteerlabLinkComponent::TrackActor(AActor* Actor, ESteerlabKind Kind, const FString& Label)
{
	FSteerlabTracked T;
	T.Actor = Actor;
	T.Kind = Kind;
	T.Label = Label;
	Tracked.Add(T);
}

bool USteerlabLinkComponent::IsOnline() const
{
	return Link && Link->IsOnline();
}

FString USteerlabLinkComponent::GetStatus() const
{
	return Link ? FromUtf8(Link->Status()) : FString(TEXT("not started"));
}
