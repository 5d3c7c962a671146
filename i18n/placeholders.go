package i18n

import (
	"fmt"
	"slices"
	"strings"
)

// placeholders are the printf verbs of messages, each as %[N]v with the
// argument it takes, sorted and without repeats: two messages that take
// the same arguments the same way have the same placeholders, whatever
// their order in the sentence.
func placeholders(msgs []string) []string {
	var out []string
	for _, m := range msgs {
		for _, v := range scanVerbs(m) {
			out = append(out, fmt.Sprintf("%%[%d]%c", v.arg, m[v.at]))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// explicit numbers a message's verbs ("%s has %d" → "%[1]s has %[2]d"):
// then a plural form that leaves out an argument ("=1": "a single move")
// does not make the printer complain of an argument too many.
func explicit(s string) string {
	var b strings.Builder
	last := 0
	for _, v := range scanVerbs(s) {
		if !v.indexed {
			b.WriteString(s[last:v.at])
			fmt.Fprintf(&b, "[%d]", v.arg)
			last = v.at
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// verb is one printf verb of a message.
type verb struct {
	at      int  // where its letter is
	arg     int  // the argument it takes (1-based)
	indexed bool // written with [n]
}

// scanVerbs finds a message's verbs (fmt's syntax: flags, an optional [n],
// width, precision, an optional [n], the verb's letter; %% is no verb).
func scanVerbs(s string) []verb {
	var out []verb
	arg := 1
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		i++
		if i < len(s) && s[i] == '%' {
			continue
		}
		indexed := false
		index := func() {
			if i < len(s) && s[i] == '[' {
				n := 0
				for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
					n = 10*n + int(s[i]-'0')
				}
				if i < len(s) && s[i] == ']' {
					i++
				}
				arg, indexed = n, true
			}
		}
		for i < len(s) && strings.IndexByte("-+# 0", s[i]) >= 0 {
			i++
		}
		index()
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
			i++
		}
		index()
		if i < len(s) {
			out = append(out, verb{at: i, arg: arg, indexed: indexed})
			arg++
		}
	}
	return out
}
