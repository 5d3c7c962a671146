// Package atomicfile writes files so that a reader never sees half of one:
// the data goes to a hidden temporary file beside the target, which a
// rename then puts in its place (a rename within a folder is atomic on
// POSIX systems). WriteFileSync also makes the new file durable, for files
// that acknowledge what a user did.
package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile writes data to path through a temporary file in the same
// folder and a rename. The file is created with mode perm less the umask
// (0o644: readable by colleagues, as files written by other tools are).
// On an error path is as it was, and no temporary file is left.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return write(path, data, perm, false)
}

// WriteFileSync is WriteFile that also flushes the new file to the disk
// before the rename, and the folder after it: once it returns, a crash
// keeps the new file, not the old one nor half of the new.
func WriteFileSync(path string, data []byte, perm os.FileMode) error {
	return write(path, data, perm, true)
}

func write(path string, data []byte, perm os.FileMode, sync bool) error {
	tmp, err := CreateTemp(path, perm)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after the rename, there is none
	_, err = tmp.Write(data)
	if err == nil && sync {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	if sync {
		return SyncDir(filepath.Dir(path))
	}
	return nil
}

// CreateTemp opens a new hidden file beside path, .NAME.RANDOM, with mode
// perm less the umask (os.CreateTemp would make it 0600), for a writer
// that renames it onto path when it is complete.
func CreateTemp(path string, perm os.FileMode) (*os.File, error) {
	for range 100 {
		var b [6]byte
		rand.Read(b[:])
		name := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+"."+hex.EncodeToString(b[:]))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("cannot create a temporary file beside %s", path)
}

// SyncDir makes the renames and creations in dir durable (a crash right
// after a rename keeps the new file, not the old).
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
