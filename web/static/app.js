// The table's page script: it keeps the page up to date (server-sent
// events, with short polling when they fail), sends forms without reloading,
// and lets a person pick cards in order. It holds no game logic: every move
// goes to the server, which referees it and answers with the engine's words.
(function () {
  "use strict";
  var live = document.getElementById("live");
  var base = live ? live.dataset.base : "";
  var picked = []; // indexes of the hand's cards, in the order clicked

  function $(sel, root) { return (root || document).querySelector(sel); }
  // "Reconnecting…" while the server cannot be reached, instead of the
  // browser's own words ("Failed to fetch").
  function offline(on) {
    var c = $("#conn");
    if (!c) return;
    c.textContent = on ? c.dataset.t : ""; // the page's words, in its language
    c.hidden = !on;
  }
  function $all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  function flash(text) {
    var f = $("#flash");
    if (!f) { alert(text); return; }
    f.textContent = text;
    f.hidden = !text;
  }

  function showPicked() {
    var form = $("form.hand");
    if (!form) { picked = []; return; }
    var cards = $all(".handcard", form);
    picked = picked.filter(function (p) {
      var b = cards[p.i];
      return b && b.dataset.card === p.card && !b.disabled;
    });
    cards.forEach(function (b) { b.classList.remove("picked"); b.removeAttribute("data-order"); });
    picked.forEach(function (p, k) { cards[p.i].classList.add("picked"); cards[p.i].setAttribute("data-order", k + 1); });
    var input = form.querySelector("input[type=hidden][name=cards]");
    if (input) input.value = picked.map(function (p) { return p.card; }).join(" ");
    var play = form.querySelector("button[value=play]");
    if (play) {
      play.disabled = picked.length === 0;
      var sel = play.querySelector(".sel");
      // The words are the page's, in its language (data-t-*).
      if (sel) sel.textContent = picked.length > 1 ? form.dataset.tSequence.replace("{n}", picked.length) : form.dataset.tCard;
    }
  }

  // Keep what a person is typing, an open curtain and the last refusal
  // (until the next action answers) across a refresh.
  function keep() {
    var f = $("#flash");
    var state = { inputs: {}, open: null, focus: null, flash: f && !f.hidden ? f.textContent : "" };
    $all("input[type=text], input:not([type]), textarea", live).forEach(function (el) {
      if (el.name) state.inputs[el.name] = el.value;
    });
    var me = $("section.me", live), cur = $("details.curtain", live);
    if (me && cur && cur.open) state.open = me.dataset.key;
    if (document.activeElement && document.activeElement.name) state.focus = document.activeElement.name;
    return state;
  }
  function restore(state) {
    $all("input[type=text], input:not([type]), textarea", live).forEach(function (el) {
      if (el.name && state.inputs[el.name] !== undefined && el.value === "") el.value = state.inputs[el.name];
    });
    var me = $("section.me", live), cur = $("details.curtain", live);
    if (me && cur && state.open && me.dataset.key === state.open) cur.open = true;
    if (state.focus) { var f = live.querySelector("[name='" + state.focus + "']"); if (f && f.focus) f.focus(); }
    if (state.flash) flash(state.flash);
  }

  var loading = false, again = false;
  function refresh() {
    if (!live) return;
    if (loading) { again = true; return; }
    loading = true;
    fetch(base + "view", { headers: { "X-Eleusis-Fetch": "1" }, cache: "no-store" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      var state = keep();
      live.innerHTML = html;
      var v = $(".live", live);
      if (v) live.dataset.version = v.dataset.version;
      restore(state);
      showPicked();
      newest();
      offline(false);
    }).catch(function () {
      // The server restarts, the network drops: say so and try again.
      offline(true);
      setTimeout(refresh, 2000);
    }).then(function () {
      loading = false;
      if (again) { again = false; refresh(); }
    });
  }

  // The newest card of the main line in view: the line scrolls sideways.
  function newest() {
    var line = $(".mainline", live);
    if (line) line.scrollLeft = line.scrollWidth;
  }

  function listen() {
    if (!live || !base) return;
    var polling = null;
    function poll() { if (!polling) polling = setInterval(refresh, 3000); }
    if (!window.EventSource) { poll(); return; }
    var es = new EventSource(base + "events");
    es.onmessage = function (e) { if (e.data !== live.dataset.version) refresh(); };
    es.onopen = function () {
      if (polling) { clearInterval(polling); polling = null; }
      if (!$("#conn").hidden) refresh(); // back after a break: catch up
    };
    es.onerror = function () { offline(true); poll(); };
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest(".handcard");
    if (!b || b.disabled) return;
    var i = +b.dataset.i, at = -1;
    picked.forEach(function (p, k) { if (p.i === i) at = k; });
    var max = +($("form.hand").dataset.maxseq || 1);
    if (at >= 0) picked.splice(at, 1);
    else if (max <= 1) picked = [{ i: i, card: b.dataset.card }];
    else if (picked.length < max) picked.push({ i: i, card: b.dataset.card });
    else flash($("form.hand").dataset.tMax.replace("{n}", max));
    showPicked();
  });

  document.addEventListener("submit", function (e) {
    var form = e.target;
    var sub = e.submitter;
    var confirmText = (sub && sub.dataset.confirm) || form.dataset.confirm;
    if (confirmText && !confirm(confirmText)) { e.preventDefault(); return; }
    if (!form.hasAttribute("data-ajax")) return;
    e.preventDefault();
    var data = new URLSearchParams(new FormData(form));
    if (sub && sub.name) data.set(sub.name, sub.value);
    $all("button", form).forEach(function (b) { b.disabled = true; });
    fetch(form.action, { method: "POST", body: data, headers: { "X-Eleusis-Fetch": "1" } }).then(function (r) {
      if (r.ok) { flash(""); picked = []; return; }
      return r.text().then(function (t) { flash(t.trim()); });
    }).catch(function () {
      // Not the browser's own words ("Failed to fetch"): the server is
      // being reconnected to.
      offline(true);
      flash($("#live").dataset.tNoanswer.replace("{error}", $("#conn").dataset.t));
    }).then(function () {
      $all("button", form).forEach(function (b) { b.disabled = false; });
      refresh();
    });
  });

  // y and n answer a yes-or-no question (the teacher as God, a Prophet);
  // a digit names a card of a sequence. Not while typing.
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
    var key = e.key.toLowerCase();
    var b = live && live.querySelector("form.question button[data-key='" + key + "'], form.judge button[data-key='" + key + "']");
    if (!b || b.disabled) return;
    e.preventDefault();
    b.click();
  });

  showPicked();
  newest();
  listen();
})();
