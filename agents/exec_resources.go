package agents

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/shlex"
)

// The files an outside agent's play depends on, for run.json and
// --resume: every file its command names (its program, its model file),
// with the content of small text files, and every folder the sandbox lets
// it read besides the system's (its program's folder: the kit it imports),
// hashed whole. A run resumed with an edited prompt, model file or kit
// would mix two agents in one result.

// maxResourceContent bounds the content run.json keeps of a file.
const maxResourceContent = 256 << 10

// Folder hashing stops at these (a folder this large is not an agent's
// own code: say so rather than read it all).
const (
	maxTreeFiles = 5000
	maxTreeBytes = 200 << 20
)

func execResources(command string, sb Sandbox) ([]Resource, error) {
	var out []Resource
	words, err := shlex.Split(command)
	if err != nil {
		words = strings.Fields(command)
	}
	seen := map[string]bool{}
	for _, w := range words {
		for _, c := range pathsIn(w) {
			st, err := os.Stat(c)
			if err != nil || !st.Mode().IsRegular() || filepath.IsAbs(c) && underSystem(c) || seen[c] {
				continue
			}
			seen[c] = true
			r, err := fileResource("file", c)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
	}
	sb.Read = nil // what --agent-read adds (a virtual environment) is the machine's, not the agent's
	dirs, _, err := sb.grants(command)
	if err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if underSystem(d) {
			continue
		}
		r, err := treeResource(d)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

func underSystem(p string) bool {
	for _, d := range systemDirs {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// fileResource hashes a file, keeping its content when it is short text.
func fileResource(what, path string) (Resource, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Resource{}, err
	}
	sum := sha256.Sum256(b)
	r := Resource{What: what, Path: path, SHA256: hex.EncodeToString(sum[:])}
	if len(b) <= maxResourceContent && utf8.Valid(b) && !slices.Contains(b, 0) {
		r.Content = string(b)
	}
	return r, nil
}

// treeResource hashes a folder's source files (sourceFile; hidden ones
// and __pycache__ left out: an interpreter writes those as it runs, and a
// build folder's binaries come and go): each file's path from the folder
// and its content, in path order.
func treeResource(dir string) (Resource, error) {
	h := sha256.New()
	r := Resource{What: "folder", Path: dir}
	var size int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable: not part of what the agent reads either
		}
		name := d.Name()
		if p != dir && (strings.HasPrefix(name, ".") || name == "__pycache__") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !sourceFile(name) {
			return nil
		}
		if r.Files >= maxTreeFiles || size > maxTreeBytes {
			return fs.SkipAll
		}
		f, err := os.Open(p)
		if err != nil {
			return nil
		}
		defer f.Close()
		rel, _ := filepath.Rel(dir, p)
		io.WriteString(h, rel+"\x00")
		n, _ := io.Copy(h, f)
		h.Write([]byte{0})
		size += n
		r.Files++
		return nil
	})
	if err != nil {
		return r, err
	}
	r.SHA256 = hex.EncodeToString(h.Sum(nil))
	if r.Files >= maxTreeFiles || size > maxTreeBytes {
		r.What = "folder (too large: hashed in part)"
	}
	return r, nil
}

// sourceExts are the files of an agent's code and settings that a folder's
// hash covers: a change to them changes the agent.
var sourceExts = []string{".py", ".js", ".mjs", ".ts", ".rb", ".pl", ".lua", ".r", ".jl", ".go", ".sh",
	".json", ".yaml", ".yml", ".toml", ".cfg", ".ini", ".prompt", ".tmpl", ".j2"}

func sourceFile(name string) bool {
	return slices.Contains(sourceExts, strings.ToLower(filepath.Ext(name)))
}
