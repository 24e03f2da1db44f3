// The export's player: one frame at a time beside its stop's narration, from the manifest index.html
// carries inline (so it works opened from disk, where a page cannot fetch the files beside it). A frame
// is a picture of the whole screen or, in a figure export, its stop's own pane (the stop's `show`), with
// words in its place when the stop has no image there. Play stays on each stop about as long as its
// narration takes to read. A stop's first frame plays its animation of that pane where the export has one
// (export --motion: an animated WebP in the model's time), unless the reader asked for the still (the Still
// button, or M). #stop-N and #frame-N (from 1) open a
// stop or a frame, and follow the reader. Keys work only while the player has focus, so a page that
// embeds it keeps its own; a sideways swipe on the figure changes stop, a tap shows it at full size.
(function () {
  "use strict";
  var manifest = JSON.parse(document.getElementById("manifest").textContent);
  var frames = manifest.frames;
  var stops = manifest.stops;
  function $(id) { return document.getElementById(id); }
  var player = $("player");
  var image = $("frame");
  var figureText = $("figure-text");
  var figures = manifest.figure === true;
  var scrubber = $("scrubber");
  var stopList = $("stop-list");
  var playButton = $("play");
  var dwellBar = $("dwell-bar");
  var zoomed = $("zoomed");
  var zoomArea = $("zoom-area");
  var zoomImage = $("zoom-frame");
  var stillButton = $("still");
  var motion = manifest.motion || [];
  var wantStill = false;  // the reader's choice, kept from stop to stop
  var current = -1;
  var playing = false;
  var timer = null;

  document.body.setAttribute("data-theme", manifest.theme || "dark");
  document.body.classList.toggle("figures", figures);

  function stopOf(index) { return frames[index].stop - 1; }

  // ---- Text: the library's Markdown (paragraphs, hand-wrapped lines, list items, `code`) as elements.

  // Appends `text` to `parent`, a `code` span (a run of N backticks to the next run of exactly N) as <code>,
  // as walkthrough/plain_text.cpp reads it.
  function appendInline(parent, text) {
    var pattern = /`+/g, runs = [], match;
    while ((match = pattern.exec(text)) !== null) runs.push({ at: match.index, length: match[0].length });
    var copied = 0;
    for (var r = 0; r < runs.length; r++) {
      var close = -1;
      for (var c = r + 1; c < runs.length; c++) {
        if (runs[c].length === runs[r].length) { close = c; break; }
      }
      if (close < 0) continue;
      parent.appendChild(document.createTextNode(text.slice(copied, runs[r].at)));
      var code = document.createElement("code");
      var inside = text.slice(runs[r].at + runs[r].length, runs[close].at);
      if (/^ [\s\S]* $/.test(inside) && /[^ ]/.test(inside)) inside = inside.slice(1, -1);  // padding
      code.textContent = inside;
      parent.appendChild(code);
      copied = runs[close].at + runs[close].length;
      r = close;
    }
    parent.appendChild(document.createTextNode(text.slice(copied)));
  }

  function renderMarkdown(container, markdown) {
    container.textContent = "";
    var paragraphs = (markdown || "").replace(/\r/g, "").split(/\n[ \t]*\n/);
    paragraphs.forEach(function (paragraph) {
      var lines = paragraph.split("\n").map(function (l) { return l.trim(); }).filter(Boolean);
      if (lines.length === 0) return;
      var p = document.createElement("p");
      var text = "";
      lines.forEach(function (line) {
        if (text !== "") text += /^([-*+]|\d{1,9}[.)]) /.test(line) ? "\n" : " ";
        text += line;
      });
      text.split("\n").forEach(function (part, i) {
        if (i > 0) p.appendChild(document.createElement("br"));
        appendInline(p, part);
      });
      container.appendChild(p);
    });
  }

  function codeEntry(list, label, text) {
    var dt = document.createElement("dt");
    dt.textContent = label;
    var dd = document.createElement("dd");
    dd.textContent = text;
    list.appendChild(dt);
    list.appendChild(dd);
  }

  function describe(index) {
    var frame = frames[index], parts = [];
    if (frame.event_text) parts.push(frame.event_text);
    if (frame.estimated_us !== null && frame.estimated_us !== undefined) {
      parts.push("about " + frame.estimated_us.toFixed(1) + " \u00b5s (estimated)");
    }
    var animation = wantStill ? null : motionAt(index);
    if (animation) {
      parts.push("animated: " + animation.launch + " grid steps " + (animation.steps[0] + 1) + "\u2013" +
                 (animation.steps[1] + 1) +
                 ", " + animation.from_us.toFixed(1) + "\u2013" + animation.to_us.toFixed(1) + " \u00b5s in " +
                 animation.duration_seconds + " s");
    }
    return parts.join(" \u00b7 ");
  }

  // The stop's text: shown again only when the stop or the passage changes, so that a screen reader
  // announces the narration once per stop.
  function showStopText(frame) {
    var stop = stops[frame.stop - 1];
    $("stop-number").textContent = "Stop " + frame.stop + " of " + stops.length;
    $("stop-title").textContent = stop.title;
    $("stop-title").classList.toggle("flags", manifest.kind === "scenario");  // a scenario's is its flags
    var narration = stop.narration ? stop.narration.markdown : "";
    renderMarkdown($("narration"), narration);
    $("problem").textContent = stop.problem || "";
    var passage = frame.passage && stop.passages ? stop.passages[frame.passage] : null;
    var box = $("passage");
    box.hidden = !passage;
    if (passage) {
      $("passage-title").textContent = passage.title;
      renderMarkdown($("passage-body"), passage.markdown);
      if (narration === "") box.open = true;  // a scenario's frames have only the passage to read
    }
  }

  // The lines of code the frame's event runs, in the Pallas file and in the C++ mirror.
  function showCode(frame) {
    var code = $("code");
    code.textContent = "";
    var pallas = frame.pallas, cpp = frame.cpp;
    if (pallas) codeEntry(code, pallas.file + ":" + pallas.line + " (Pallas)", pallas.text);
    if (cpp) codeEntry(code, cpp.file + ":" + cpp.line + " (C++ mirror)", cpp.text);
    if (frame.rejection) codeEntry(code, "Rejected", frame.rejection);
  }

  // ---- The picture: the whole screen, or the stop's own figure.

  // The animation of the stop's own pane that starts at `index`, the stop's first frame; or null.
  function motionAt(index) {
    var frame = frames[index], stop = stops[frame.stop - 1];
    if (!figures || stop.first_frame !== index) return null;
    for (var i = 0; i < motion.length; i++) {
      if (motion[i].stop === frame.stop && motion[i].pane === stop.show) return motion[i];
    }
    return null;
  }

  // What frame `index` shows: its animation (unless the reader asked for stills), else its image, with the
  // size in pixels (and a figure's title); or, in a figure export whose stop has no image of its own at the
  // frame, none; figureWords then says why.
  function pictureAt(index) {
    var picture = pictureOf(frames[index]), animation = motionAt(index);
    picture.motion = picture.image ? animation : null;
    if (picture.motion && !wantStill) picture.image = picture.motion.file;
    return picture;
  }

  function pictureOf(frame) {
    if (!figures) {
      var size = manifest.size || {}, scale = size.scale || 1;
      return {
        image: frame.file,
        width: Math.round(size.width * scale),
        height: Math.round(size.height * scale),
      };
    }
    var own = ownPane(frame);
    if (own && own.image) return { image: own.image, width: own.width, height: own.height, title: own.title };
    return { image: null };
  }

  function ownPane(frame) {
    var show = stops[frame.stop - 1].show;
    var panes = frame.panes || [];
    for (var i = 0; i < panes.length; i++) if (panes[i].pane === show) return panes[i];
    return null;
  }

  // The words in place of a figure the frame does not have: why its pane is empty, the scenario a stop
  // about the scenario (a form, not a picture) runs, or that the export left the pane out.
  function figureWords(frame) {
    var stop = stops[frame.stop - 1], own = ownPane(frame);
    figureText.textContent = "";
    var why = document.createElement("p");
    figureText.appendChild(why);
    if (own && own.empty) {
      why.textContent = own.empty;
    } else if (stop.show === "scenario") {
      why.textContent = "This stop is about its scenario" + (stop.scenario ? ":" : ".");
      if (stop.scenario) {
        var flags = document.createElement("code");
        flags.textContent = stop.scenario.flags.join(" ");
        figureText.appendChild(flags);
      }
    } else {
      why.textContent = "This stop is about the " + stop.show + " pane, which this export leaves out.";
    }
  }

  function showPicture(index) {
    var frame = frames[index];
    var picture = pictureAt(index);
    var has = Boolean(picture.image);
    image.hidden = !has;
    $("zoom").hidden = !has;
    stillButton.hidden = !picture.motion;
    stillButton.textContent = wantStill ? "Animate" : "Still";
    stillButton.setAttribute("aria-pressed", wantStill ? "true" : "false");
    figureText.hidden = has;
    $("figure-title").textContent = picture.title || "";
    if (!has) {
      image.removeAttribute("src");
      figureWords(frame);
      return;
    }
    image.width = picture.width;
    image.height = picture.height;
    image.src = picture.image;
    image.alt = (frame.alt || frame.caption) + (picture.motion && !wantStill ? " (animated)" : "");
  }

  // ---- Position: which frame is shown, the URL fragment that names it.

  function fragmentFor(index) {
    var stop = stopOf(index);
    return stops[stop].first_frame === index ? "#stop-" + (stop + 1) : "#frame-" + (index + 1);
  }

  function frameOfFragment(hash) {
    var match = /^#(stop|frame)-(\d{1,9})$/.exec(hash);
    if (!match) return null;
    var n = Number(match[2]) - 1;
    if (match[1] === "stop") return n >= 0 && n < stops.length ? stops[n].first_frame : null;
    return n >= 0 && n < frames.length ? n : null;
  }

  function show(index) {
    if (frames.length === 0) return;
    index = Math.max(0, Math.min(frames.length - 1, index));
    var textChanged =
        current < 0 || stopOf(current) !== stopOf(index) || frames[current].passage !== frames[index].passage;
    current = index;
    var frame = frames[current];
    showPicture(current);
    $("caption").textContent = describe(current);
    $("caption").title = frame.caption;
    scrubber.value = String(current);
    $("position").textContent = (current + 1) + " / " + frames.length;
    stopList.value = String(stopOf(current));
    if (textChanged) showStopText(frame);
    showCode(frame);
    var fragment = fragmentFor(current);
    if (location.hash !== fragment) {
      try { history.replaceState(null, "", fragment); } catch (e) { /* a sandboxed frame may refuse */ }
    }
    var next = current + 1 < frames.length ? pictureAt(current + 1).image : null;
    if (next) new Image().src = next;
    if (playing) schedule();
  }

  function goToStop(stop) {
    if (stop >= 0 && stop < stops.length) show(stops[stop].first_frame);
  }

  // ---- Play: each frame stays its share of the stop's reading time, at least 1/fps, and at least as long
  // as its animation.

  function frameSeconds(index) {
    var stop = stops[stopOf(index)];
    var dwell = typeof stop.dwell_seconds === "number" ? stop.dwell_seconds : 4;
    var animation = wantStill ? null : motionAt(index);
    return Math.max(1 / (manifest.fps || 2), dwell / Math.max(1, stop.frame_count),
                    animation ? animation.duration_seconds : 0);
  }

  // The still or the animation, from now on; the frame shown changes at once.
  function toggleStill() {
    wantStill = !wantStill;
    show(current);
  }

  function runDwellBar(seconds) {
    dwellBar.style.transition = "none";
    dwellBar.style.width = "0";
    if (seconds <= 0) return;
    void dwellBar.offsetWidth;  // start from 0 again
    dwellBar.style.transition = "width " + seconds + "s linear";
    dwellBar.style.width = "100%";
  }

  // (Re)starts the wait on the current frame; show() calls it again at every frame while playing.
  function schedule() {
    if (timer !== null) clearTimeout(timer);
    var seconds = frameSeconds(current);
    runDwellBar(seconds);
    timer = setTimeout(function () {
      timer = null;
      if (current + 1 >= frames.length) setPlaying(false);
      else show(current + 1);
    }, seconds * 1000);
  }

  function setPlaying(on) {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    playing = on;
    if (on && current + 1 >= frames.length) show(0);
    if (on) schedule();
    else runDwellBar(0);
    playButton.textContent = on ? "Pause" : "Play";
    playButton.setAttribute("aria-pressed", on ? "true" : "false");
  }

  // ---- Zoom: the frame at its own size, scrolled to where it was tapped.

  function openZoom(event) {
    zoomImage.src = image.src;
    zoomImage.alt = image.alt;
    zoomed.hidden = false;
    var box = image.getBoundingClientRect();
    var fx = event && box.width > 0 ? (event.clientX - box.left) / box.width : 0.5;
    var fy = event && box.height > 0 ? (event.clientY - box.top) / box.height : 0.5;
    var place = function () {
      zoomArea.scrollLeft = fx * zoomImage.naturalWidth - zoomArea.clientWidth / 2;
      zoomArea.scrollTop = fy * zoomImage.naturalHeight - zoomArea.clientHeight / 2;
    };
    if (zoomImage.complete) place(); else zoomImage.onload = place;
    $("unzoom").focus();
  }

  function closeZoom() {
    zoomed.hidden = true;
    $("zoom").focus();
  }

  // ---- Touch: a tap on the figure zooms (and on the zoomed figure closes it); a sideways stroke on the
  // figure, by finger or pen, changes stop. Read from the pointer's own events: the click a browser may
  // make of a tap would land on the zoomed figure that the tap has just opened.

  function onStroke(element, tap, sideways) {
    var stroke = null;
    element.addEventListener("pointerdown", function (e) {
      stroke = e.pointerType === "mouse" ? null : { x: e.clientX, y: e.clientY, id: e.pointerId };
    });
    element.addEventListener("pointercancel", function () { stroke = null; });
    element.addEventListener("pointerup", function (e) {
      if (stroke === null || e.pointerId !== stroke.id) return;
      var dx = e.clientX - stroke.x, dy = e.clientY - stroke.y;
      stroke = null;
      var across = Math.abs(dx), down = Math.abs(dy);
      if (across < 10 && down < 10) tap(e);
      else if (sideways && across >= 40 && across >= 1.5 * down) sideways(dx < 0 ? 1 : -1);
    });
    element.addEventListener("click", function (e) {
      if (e.pointerType !== "touch" && e.pointerType !== "pen") tap(e);
    });
  }
  var swipeToStop = function (step) { goToStop(stopOf(current) + step); };
  onStroke(image, openZoom, swipeToStop);
  onStroke(figureText, function () {}, swipeToStop);
  onStroke(zoomImage, closeZoom, null);
  image.addEventListener("dragstart", function (e) { e.preventDefault(); });

  // ---- Wiring.

  stops.forEach(function (stop, i) {
    var option = document.createElement("option");
    option.value = String(i);
    option.textContent = stops.length > 1 ? (i + 1) + ". " + stop.title : stop.title;
    stopList.appendChild(option);
  });
  scrubber.max = String(Math.max(0, frames.length - 1));
  scrubber.addEventListener("input", function () { show(Number(scrubber.value)); });
  stopList.addEventListener("change", function () { goToStop(Number(stopList.value)); });
  $("previous").addEventListener("click", function () { show(current - 1); });
  $("next").addEventListener("click", function () { show(current + 1); });
  $("previous-stop").addEventListener("click", function () { goToStop(stopOf(current) - 1); });
  $("next-stop").addEventListener("click", function () { goToStop(stopOf(current) + 1); });
  playButton.addEventListener("click", function () { setPlaying(!playing); });
  $("zoom").addEventListener("click", function () { openZoom(null); });
  stillButton.addEventListener("click", toggleStill);
  $("unzoom").addEventListener("click", closeZoom);
  zoomed.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { e.preventDefault(); closeZoom(); }
  });

  // Keys reach this handler only from the player and what is inside it.
  player.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target.tagName;
    if (tag === "SELECT" || (tag === "INPUT" && e.key !== " ")) return;  // their own keys move them
    if ((tag === "BUTTON" || tag === "SUMMARY") && (e.key === " " || e.key === "Enter")) return;
    var stop = stopOf(current);
    switch (e.key) {
      case "ArrowRight": if (e.shiftKey) goToStop(stop + 1); else show(current + 1); break;
      case "ArrowLeft": if (e.shiftKey) goToStop(stop - 1); else show(current - 1); break;
      case "PageDown": goToStop(stop + 1); break;
      case "PageUp": goToStop(stop - 1); break;
      case "Home": show(0); break;
      case "End": show(frames.length - 1); break;
      case " ": setPlaying(!playing); break;
      case "m": case "M": if (motionAt(current)) toggleStill(); else return; break;
      default: return;
    }
    e.preventDefault();
  });
  // A fragment typed or linked to opens its frame; one that names nothing is put back to the frame shown.
  window.addEventListener("hashchange", function () {
    var index = frameOfFragment(location.hash);
    show(index === null ? current : index);
  });

  var start = frameOfFragment(location.hash);
  show(start === null ? 0 : start);
  // A page of its own takes the keys at once; one embedded in another page waits to be clicked or tabbed to.
  if (window.self === window.top) player.focus({ preventScroll: true });
})();
