package i18n

import (
	"slices"
	"testing"
)

func TestPlaceholders(t *testing.T) {
	for _, tc := range []struct {
		msgs     []string
		want     []string
		explicit string
	}{
		{[]string{"%s plays %s"}, []string{"%[1]s", "%[2]s"}, "%[1]s plays %[2]s"},
		{[]string{"%[2]s, %[1]s"}, []string{"%[1]s", "%[2]s"}, "%[2]s, %[1]s"},
		{[]string{"100%% of %d"}, []string{"%[1]d"}, "100%% of %[1]d"},
		{[]string{"%.2f bits, %5d"}, []string{"%[1]f", "%[2]d"}, "%.2[1]f bits, %5[2]d"},
		{[]string{"%[1]s — %[1]s, %s"}, []string{"%[1]s", "%[2]s"}, "%[1]s — %[1]s, %[2]s"},
		{[]string{"a single one", "%d of them"}, []string{"%[1]d"}, "a single one"},
		{[]string{"no verb"}, nil, "no verb"},
	} {
		if got := placeholders(tc.msgs); !slices.Equal(got, tc.want) {
			t.Errorf("placeholders(%q) = %v, want %v", tc.msgs, got, tc.want)
		}
		if got := explicit(tc.msgs[0]); got != tc.explicit {
			t.Errorf("explicit(%q) = %q, want %q", tc.msgs[0], got, tc.explicit)
		}
	}
}
