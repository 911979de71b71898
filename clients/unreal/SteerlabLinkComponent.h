// USteerlabLinkComponent: steerlab's live link as an actor component (docs/live.md).
// Add it to any actor (a game mode, a level actor, the player), list the actors to
// stream and the parameters steerlab may set; it streams a frame per tick of the link's
// clock and keeps the parameters up to date. A thin adapter over the engine-free core in
// SteerlabLink.h, which does the protocol, the sockets and the CSV.

#pragma once

#include "CoreMinimal.h"
#include "Components/ActorComponent.h"
#include "SteerlabLinkComponent.generated.h"

namespace steerlab
{
class Link;
}

/** What a tracked actor is to steerlab. Targets and missiles are numbered apart. */
UENUM(BlueprintType)
enum class ESteerlabKind : uint8
{
	Target,
	Missile,
};

/** Which world plane steerlab's x and y are. */
UENUM(BlueprintType)
enum class ESteerlabPlane : uint8
{
	XY UMETA(DisplayName = "XY (top-down: steerlab's y is world Y)"),
	XZ UMETA(DisplayName = "XZ (side view: steerlab's y is world Z)"),
};

/** One actor to stream. */
USTRUCT(BlueprintType)
struct FSteerlabTracked
{
	GENERATED_BODY()

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Steerlab")
	TObjectPtr<AActor> Actor = nullptr;

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Steerlab")
	ESteerlabKind Kind = ESteerlabKind::Missile;

	/** What flies it, in your words (steerlab's algorithm column); at most 40 characters. */
	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Steerlab")
	FString Label;

	// Kept by the component: the id it streams under (0: not streaming), and where it was.
	uint64 Id = 0;
	FVector LastLocation = FVector::ZeroVector;
};

/** A parameter steerlab may set, declared from the details panel. */
USTRUCT(BlueprintType)
struct FSteerlabParameter
{
	GENERATED_BODY()

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Steerlab")
	FString Name = TEXT("gain");

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Steerlab")
	double Min = 0.0;

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Steerlab")
	double Max = 20.0;

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Steerlab")
	double Default = 2.0;

	/** Shown beside the value in steerlab, such as 1/s (optional). */
	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Steerlab")
	FString Unit;
};

DECLARE_DYNAMIC_MULTICAST_DELEGATE_TwoParams(FSteerlabParameterSetSignature, const FString&, Name, double, Value);
DECLARE_DYNAMIC_MULTICAST_DELEGATE(FSteerlabClockSignature);

UCLASS(ClassGroup = (Steerlab), meta = (BlueprintSpawnableComponent))
class USteerlabLinkComponent : public UActorComponent
{
	GENERATED_BODY()

public:
	USteerlabLinkComponent();

	/** Where steerlab listens (`steerlab live --listen 7878`, or the window's Attach section). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Steerlab|Connection")
	FString Host = TEXT("127.0.0.1");

	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Steerlab|Connection", meta = (ClampMin = "1", ClampMax = "65535"))
	int32 Port = 7878;

	/** The name steerlab shows (empty: the project's name). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Steerlab|Connection")
	FString GameName;

	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Steerlab|Connection")
	bool bConnectOnBeginPlay = true;

	/** Frames per second streamed. For an exact recording, run the game at a fixed frame rate of this many frames
	 *  per second (Project Settings > Engine > General Settings > Framerate); otherwise each frame holds the state
	 *  of the latest engine tick. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Steerlab|Streaming", meta = (ClampMin = "1", ClampMax = "1000"))
	int32 TickRate = 60;

	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Steerlab|Streaming")
	ESteerlabPlane Plane = ESteerlabPlane::XY;

	/** The actors streamed. One that is destroyed or hidden leaves; if it shows again it streams under a new id. */
	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "Steerlab|Streaming")
	TArray<FSteerlabTracked> Tracked;

	/** A CSV of everything streamed, written whether or not steerlab runs; a relative path is under the
	 *  project's Saved/Steerlab folder. Empty: none. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Steerlab|Recording")
	FString RecordPath;

	/** Declared as the component initializes (before any BeginPlay); read them with GetParameter. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Steerlab|Parameters")
	TArray<FSteerlabParameter> Parameters;

	/** steerlab's pause pauses the game (UGameplayStatics::SetGamePaused), step runs one engine tick, resume
	 *  unpauses. Off: only the events below fire, and frames keep coming. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "Steerlab|Pause")
	bool bPauseGame = true;

	/** steerlab set a parameter (its new value is what GetParameter returns from now on). */
	UPROPERTY(BlueprintAssignable, Category = "Steerlab")
	FSteerlabParameterSetSignature OnParameterSet;

	UPROPERTY(BlueprintAssignable, Category = "Steerlab")
	FSteerlabClockSignature OnPause;

	UPROPERTY(BlueprintAssignable, Category = "Steerlab")
	FSteerlabClockSignature OnStep;

	UPROPERTY(BlueprintAssignable, Category = "Steerlab")
	FSteerlabClockSignature OnResume;

	/** A declared parameter's value now (its default until steerlab sets it; Fallback if none has that name). */
	UFUNCTION(BlueprintPure, Category = "Steerlab")
	double GetParameter(const FString& Name, double Fallback = 0.0) const;

	/** Streams one more actor from now on. */
	UFUNCTION(BlueprintCallable, Category = "Steerlab")
	void TrackActor(AActor* Actor, ESteerlabKind Kind, const FString& Label);

	/** Connects now (if bConnectOnBeginPlay is off, or to connect again). Never waits. */
	UFUNCTION(BlueprintCallable, Category = "Steerlab")
	void Connect();

	UFUNCTION(BlueprintPure, Category = "Steerlab")
	bool IsOnline() const;

	/** What the link is doing, in words (online, offline and why, steerlab's error). */
	UFUNCTION(BlueprintPure, Category = "Steerlab")
	FString GetStatus() const;

	/** The engine-free link (for what the component does not cover); null before the component initializes. */
	steerlab::Link* GetLink() const { return Link.Get(); }

	virtual void InitializeComponent() override;
	virtual void TickComponent(float DeltaTime, ELevelTick TickType, FActorComponentTickFunction* ThisTickFunction) override;
	virtual void EndPlay(const EEndPlayReason::Type EndPlayReason) override;

protected:
	virtual void BeginPlay() override;

private:
	/** Sends the frame of the next tick: every tracked actor present now. */
	void SendFrame(double Dt);

	TSharedPtr<steerlab::Link> Link;
	uint64 NextFrameTick = 0;
	double Unstreamed = 0.0; // game seconds not yet covered by a frame
	uint64 NextId = 1;
	bool bStepping = false;
};
