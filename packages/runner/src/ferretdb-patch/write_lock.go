package handler

import "sync"

// writeMu serializes the commands that read documents and write them back (update,
// findAndModify, delete). FerretDB 1.24's SQLite backend does them as a read followed by a
// separate write, so two concurrent updates of one document could overwrite each other.
// Added by MCAT Logbook's build; see docs/adr/0009-ferretdb-write-atomicity.md.
var writeMu sync.Mutex
