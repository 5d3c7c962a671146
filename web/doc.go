// Package web is `eleusis serve`: a web table where a class plays Eleusis
// with God and bot scientists, refereed by the same engine (sim) as every
// other part of eleusis. The page holds no game logic: every move goes to the
// server, the engine judges it, and the page shows the engine's verdict, or
// its own words for a refused move.
//
// Who sees what. Each table has a goroutine that owns the engine's Hand, the
// bots and whatever waits for a person or for the teacher; after every change
// it publishes a snapshot in three parts: what everyone at the table sees
// (the main line and error columns, hand sizes, the log, the notebook when
// on, the reveal once made), each seat's own hand and choices, and the
// teacher's part (God's rule, the questions when the teacher judges, the
// seats' links). A page is rendered from the parts its role may see:
//
//	/                        students: type the table's code, pick a seat
//	/play/SEAT-TOKEN/        a person's seat (a secret link given on joining)
//	/hotseat/TOKEN/          the people's seats in turn on one screen
//	/board/CODE/             the class screen: the table without any hand
//	/teacher/TOKEN/          the teacher: open tables, each table's console
//
// Pages update by server-sent events (…/events sends the table's version;
// the page then fetches …/view); forms work without the script too.
//
// Nothing is lost: a table lives in DataDir/tables/CODE (see store.go) and a
// restarted server deals it again from its deal secret and applies its journal.
// An action is answered only once its journal line is synced; a write that
// fails refuses it and takes the table back to its journal (table.rollback).
//
// A lesson: students name their own seats (names.go), join from the class
// screen's QR code (qr.go), play hand after hand at one table with the
// scores carried over (results.go), and the teacher reads the session's
// results, as CSV too, with the transcripts zipped (session.go).
package web
