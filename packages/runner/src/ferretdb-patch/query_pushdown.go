package sqlite

import (
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// Added by MCAT Logbook's build; see docs/adr/0026-indexed-queries-on-ferretdb.md.
//
// prepareWhereClause narrows a query to the rows that may match the filter, through the indexes
// FerretDB creates: each index key is the expression `_ferretdb_sjson->"field"`, and SQLite uses
// an expression index only where the query spells the same expression. Only top-level conditions
// that can be written so that they never drop a document MongoDB would match are pushed down:
//
//   - an equality (`{f: v}` or `{f: {$eq: v}}`) or `{f: {$in: [v, ...]}}` on a plain field name,
//   - with values that are strings, ObjectIDs or booleans, whose JSON text in the stored document
//     is exactly the text sjson gives the value alone (numbers are left out: 1, 1.0 and 1e0 are
//     equal in MongoDB and may be stored as different texts),
//   - and a row whose field holds an array (whose elements MongoDB also compares) is always kept.
//
// A field that is missing or null never equals a string, ObjectID or boolean, so dropping it is
// right. Everything else (operators, dotted paths, `$or`, null, numbers, documents, arrays) is left
// to FerretDB's own filtering in Go, which sees every returned row anyway: a pushed-down condition
// only narrows the rows read, it never decides the answer alone.
func prepareWhereClause(filter *types.Document) (string, []any) {
	if filter == nil || filter.Len() == 0 {
		return "", nil
	}

	// MongoDB's reading of a filter that names a field twice is not ours to guess.
	if _, dup := filter.FindDuplicateKey(); dup {
		return "", nil
	}

	var conditions []string
	var args []any

	keys := filter.Keys()
	values := filter.Values()

	for i, key := range keys {
		if !pushdownField.MatchString(key) || strings.HasPrefix(key, "_ferretdb_") {
			continue
		}

		expr := fieldExpression(key)

		for _, set := range equalitySets(values[i]) {
			placeholders := make([]string, len(set))
			for j, v := range set {
				placeholders[j] = "?"
				args = append(args, string(must.NotFail(sjson.MarshalSingleValue(v))))
			}

			// `[` starts the JSON text of every array and of nothing else; `\` is the next byte.
			conditions = append(conditions, "("+expr+" IN ("+strings.Join(placeholders, ", ")+") OR ("+
				expr+" >= '[' AND "+expr+" < '\\'))")
		}
	}

	if len(conditions) == 0 {
		return "", nil
	}

	return " WHERE " + strings.Join(conditions, " AND "), args
}

// pushdownField is a top-level field name that can stand in SQL as it is.
var pushdownField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// fieldExpression is the expression of FerretDB's index on a top-level field
// (metadata.Registry.indexesCreate writes `->"field"`, which SQLite reads as the string 'field').
func fieldExpression(field string) string {
	return metadata.DefaultColumn + "->'" + field + "'"
}

// equalitySets returns, for a field's condition, the sets of values the field must hold one of:
// one set for a bare value, one for each `$eq` and `$in` of an operator document. None where
// the condition has no part that can be pushed down safely.
func equalitySets(condition any) [][]any {
	doc, ok := condition.(*types.Document)
	if !ok {
		if pushdownValue(condition) {
			return [][]any{{condition}}
		}

		return nil
	}

	if _, dup := doc.FindDuplicateKey(); dup {
		return nil
	}

	var sets [][]any

	keys := doc.Keys()
	values := doc.Values()

	for i, op := range keys {
		// A document without operators is an exact match of a document value: left to Go.
		if !strings.HasPrefix(op, "$") {
			return nil
		}

		switch op {
		case "$eq":
			if pushdownValue(values[i]) {
				sets = append(sets, []any{values[i]})
			}
		case "$in":
			if set := inSet(values[i]); set != nil {
				sets = append(sets, set)
			}
		}
	}

	return sets
}

// inSet returns the values of an `$in` list if every one can be pushed down.
func inSet(list any) []any {
	arr, ok := list.(*types.Array)
	if !ok || arr.Len() == 0 {
		return nil
	}

	set := make([]any, arr.Len())

	for i := range arr.Len() {
		v := must.NotFail(arr.Get(i))
		if !pushdownValue(v) {
			return nil
		}

		set[i] = v
	}

	return set
}

// pushdownValue reports whether an equality with v can be compared as JSON text.
func pushdownValue(v any) bool {
	switch v.(type) {
	case string, types.ObjectID, bool:
		return true
	default:
		return false
	}
}
