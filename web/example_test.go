package web_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/eleusis/eleusis/web"
)

// A server for a class: the teacher's page is a secret link; students start
// at the root and type a table's code.
func ExampleNew() {
	srv, err := web.New(web.Config{}) // no DataDir: nothing kept on disk
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	for _, path := range []string{srv.TeacherPath(), "/", "/teacher/not-the-secret/"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			panic(err)
		}
		resp.Body.Close()
		fmt.Println(resp.StatusCode)
	}
	// Output:
	// 200
	// 200
	// 404
}
