package llm

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"

	"github.com/eleusis/eleusis/agents"
	"github.com/eleusis/eleusis/sim"
)

// The strategy's parameters: the model, by its name in the models file.
var params = []agents.Param{
	{Name: "model", Doc: "the model, by its name in the models file (--models, models.yaml by default)", Kind: agents.Text, DefaultText: "none: required"},
}

func init() {
	agents.Register(agents.Extension{
		Name:      "llm",
		Doc:       "a language model asked for every move (llm(model=NAME), NAME a model of the models file: OpenAI, Anthropic or any OpenAI-compatible server)",
		Params:    params,
		Mind:      agents.StatesBelief,
		Build:     build,
		Resources: resources,
		Check:     check,
	})
}

// registry is the kit's models file, read once per run.
func registry(k *agents.Kit) (*Registry, error) {
	path := k.ModelsFile()
	r, err := k.Memo("llm/models:"+path, func() (any, error) { return LoadModels(path) })
	if err != nil {
		return nil, err
	}
	return r.(*Registry), nil
}

// modelOf is the spec's model, checked: the registry names it and its key
// is in the environment.
func modelOf(s agents.Spec, k *agents.Kit) (*Model, error) {
	name := s.TextParam("model")
	if name == "" {
		return nil, errNoModel
	}
	r, err := registry(k)
	if err != nil {
		return nil, err
	}
	m, err := r.Model(name)
	if err != nil {
		return nil, err
	}
	if _, err := m.Key(); err != nil {
		return nil, err
	}
	return m, nil
}

func check(s agents.Spec, k *agents.Kit) error {
	_, err := modelOf(s, k)
	return err
}

// callerOf is the model's client, made once per run (the SDKs' clients
// are safe for concurrent use).
func callerOf(m *Model, k *agents.Kit) (caller, error) {
	c, err := k.Memo("llm/caller:"+m.Name, func() (any, error) {
		key, err := m.Key()
		if err != nil {
			return nil, err
		}
		return newCaller(m, key), nil
	})
	if err != nil {
		return nil, err
	}
	return c.(caller), nil
}

func build(s agents.Spec, t *agents.Table, seat int) (sim.Player, error) {
	m, err := modelOf(s, t.Kit)
	if err != nil {
		return nil, err
	}
	c, err := callerOf(m, t.Kit)
	if err != nil {
		return nil, err
	}
	seed := seatSeed(t.Seed, seat)
	return &player{m: m, call: c, ctx: t.ContextOrBackground(), seat: seat, seed: seed, rng: rand.New(rand.NewPCG(seed, 0x6c6c6d))}, nil
}

// seatSeed is the seat's own seed: a hash of the hand's seed and the seat
// (the hand's seed also shuffles the deck; a model sent its seed learns
// nothing of it).
func seatSeed(hand uint64, seat int) uint64 {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], hand)
	binary.LittleEndian.PutUint64(b[8:], uint64(seat))
	s := sha256.Sum256(append([]byte("eleusis llm seat\x00"), b[:]...))
	return binary.LittleEndian.Uint64(s[:8])
}

// resources: the models file (its content: it holds no key, only the
// names of the variables that do) and the prompt's version.
func resources(s agents.Spec, k *agents.Kit) ([]agents.Resource, error) {
	r, err := registry(k)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(r.Data)
	o, _ := sim.Preset("solo-public")
	p := sha256.Sum256([]byte(PromptVersion + "\x00" + systemPrompt(&o) + "\x00" + moveFormat))
	return []agents.Resource{
		{What: "models", Path: r.Path, SHA256: hex.EncodeToString(sum[:]), Content: string(r.Data)},
		{What: "prompt", Path: PromptVersion, SHA256: hex.EncodeToString(p[:])},
	}, nil
}
