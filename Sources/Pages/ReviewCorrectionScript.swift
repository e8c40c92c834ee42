import Files
import Foundation

/// The review page's corrections: a moment's link opens the still of its frame with the run's boxes
/// (``ReviewCorrection``); the user drags a box to where the object is, marks an object absent, or
/// draws a box for an object the run does not have (``BoxEditorScript``). The corrections of the
/// whole review are kept in the browser's storage under the run's id (a reload keeps them), listed,
/// and saved with the run's own keyframes as one keyframes file, beside the command that re-tracks
/// the clip from it.
///
/// In the file, a moved or added box is a `keyframe` row. An object marked absent is a `keyframe`
/// row with the state `lost`, which `--keyframes` reads as an absent keyframe: the re-track reports
/// the object `lost` there and carries no box through that frame. The command repeats the run's
/// tracking options (``ReviewCorrection/trackingWords``).
enum ReviewCorrectionScript {
    static let style = """
    #correct { border-top: 1px solid #ccc; margin-top: 1em; } #correct .tools { margin: 4px 0; }
    #objects td, #objects th { padding: 2px 8px; text-align: left; }
    pre#retrack-command { white-space: pre-wrap; word-break: break-all; background: #f4f4f4; padding: 8px; }
    """

    /// The panel a moment opens: its still, its boxes and the tools.
    static let panel = [
        #"<section id="correct" hidden="hidden">"#,
        #"<h2>Frame <span id="correct-frame"></span> <span id="correct-time"></span></h2>"#,
        #"<p id="correct-moments"></p>"#,
        #"<p class="tools">Drag a box to where the object is, or its corners and edges to fit it; drag elsewhere on the picture to add an object named <input id="new-name" value="added" size="10" aria-label="name of an added object"/>. "#
            + #"<button type="button" id="previous-still">previous moment</button> <button type="button" id="next-still">next moment</button> "#
            + #"<label>Zoom <select id="zoom"><option value="fit">fit the page</option><option value="1" selected="selected">100%</option><option value="2">200%</option></select></label></p>"#,
        #"<div class="stage-scroll"><div class="stage"><img id="still" alt="the moment's frame"/><svg id="boxes"></svg></div></div>"#,
        #"<table id="objects"><thead><tr><th>object</th><th>run</th><th>now</th><th></th></tr></thead><tbody></tbody></table>"#,
        "</section>",
    ]

    /// The list of corrections, the command and the buttons, after the moments.
    static let corrections = [
        #"<section id="corrections-section">"#,
        "<h2>Corrections</h2>",
        #"<p id="corrections-summary"></p>"#,
        #"<ul id="corrections"></ul>"#,
        #"<p><button type="button" id="save-keyframes">Save the keyframes file</button> <button type="button" id="copy-command">Copy the command</button></p>"#,
        #"<p>Then, where you saved the file, re-track the clip from the run's keyframes and your corrections:</p>"#,
        #"<pre id="retrack-command"></pre>"#,
        "</section>",
    ]

    /// What the page's script reads.
    private struct Data: Encodable {
        struct Track: Encodable {
            var id: Int
            var name: String
            var colour: String
        }

        var run: String
        var clip: String
        var keyframesName: String
        var out: String
        var report: String
        var tracks: [Track]
        var keyframes: [ReviewCorrection.Box]
        var stills: [ReviewCorrection.Still]
        var options: [String]
    }

    /// The `<script type="application/json">` element with the run's data.
    static func data(_ correction: ReviewCorrection, clipName: String, timelines: [TrackTimeline]) throws -> String {
        let stem = FilePath.safeStem(of: clipName), out = "vtrack-out/retracked"
        let stills = correction.stills.map { still in
            ReviewCorrection.Still(frame: still.frame, time: still.time, href: PageLink.url(still.href), boxes: still.boxes)
        }
        let data = Data(run: correction.runID, clip: correction.clipPath, keyframesName: stem + ".keyframes.csv", out: out,
                        report: FilePath.joining(out, stem + ".html"),
                        tracks: timelines.map { Data.Track(id: $0.trackID, name: $0.name, colour: ClipReviewPage.cssColour(trackID: $0.trackID)) },
                        keyframes: correction.keyframes, stills: stills, options: correction.trackingWords)
        return try PageData.element(id: "review-data", value: data)
    }

    static let source = #"""
    const review = JSON.parse(document.getElementById('review-data').textContent);
    const storageKey = 'vtrack-corrections:' + review.run;
    const tracks = new Map(review.tracks.map(track => [track.id, track]));
    const correctImage = document.getElementById('still');
    const correctZoom = document.getElementById('zoom');
    // Corrections: {frame, trackID, label, x, y, width, height, absent, added}; clip pixels.
    // What the browser stored for this run, keeping only well-formed corrections: storage another
    // page or a hand wrote may hold any JSON (a number, an object, a list of anything).
    function storedCorrections() {
      let stored;
      try {
        stored = JSON.parse(localStorage.getItem(storageKey) || '[]');
      } catch (error) {
        return [];
      }
      if (!Array.isArray(stored)) return [];
      return stored.filter(c => c !== null && typeof c === 'object' && Number.isInteger(c.frame) && Number.isInteger(c.trackID)
        && typeof c.label === 'string' && ['x', 'y', 'width', 'height'].every(key => Number.isFinite(c[key])));
    }
    let corrections = storedCorrections();
    let shownStill = null;

    function storeCorrections() {
      try { localStorage.setItem(storageKey, JSON.stringify(corrections)); } catch (error) { /* storage off: kept until the page closes */ }
    }

    function correctionAt(frame, trackID) {
      return corrections.find(c => c.frame === frame && c.trackID === trackID);
    }

    function trackName(trackID) {
      const track = tracks.get(trackID);
      if (track) return track.name;
      const added = corrections.find(c => c.trackID === trackID);
      return added ? added.label : '#' + trackID;
    }

    function runLabel(trackID) {
      const box = review.keyframes.find(k => k.trackID === trackID) || review.stills.flatMap(s => s.boxes).find(b => b.trackID === trackID);
      return box ? box.label : '';
    }

    function setCorrection(correction) {
      corrections = corrections.filter(c => !(c.frame === correction.frame && c.trackID === correction.trackID));
      corrections.push(correction);
      storeCorrections();
      refresh();
    }

    function removeCorrection(frame, trackID) {
      corrections = corrections.filter(c => !(c.frame === frame && c.trackID === trackID));
      storeCorrections();
      refresh();
    }

    // The boxes to draw on a still: the run's, as corrected, then the objects added on its frame.
    function boxesOn(still) {
      const boxes = still.boxes.map(b => {
        const c = correctionAt(still.frame, b.trackID), from = c || b;
        const note = c ? (c.absent ? ' (absent)' : ' (corrected)') : b.state === 'lost' ? ' (lost)' : '';
        return {trackID: b.trackID, label: trackName(b.trackID) + note, colour: tracks.has(b.trackID) ? tracks.get(b.trackID).colour : '#fff',
                x: from.x, y: from.y, width: from.width, height: from.height,
                dashed: c ? c.absent : b.state === 'lost', fixed: Boolean(c && c.absent)};
      });
      for (const c of corrections.filter(c => c.frame === still.frame && c.added)) {
        boxes.push({trackID: c.trackID, label: c.label + ' (added)', colour: '#fff', x: c.x, y: c.y, width: c.width, height: c.height});
      }
      return boxes;
    }

    const correctEditor = new BoxEditor(correctImage, document.getElementById('boxes'), {
      create: box => {
        const label = vtrackLabel(document.getElementById('new-name').value, 'added');
        const same = corrections.find(c => c.added && c.label === label);
        const taken = [...tracks.keys(), ...corrections.map(c => c.trackID)];
        const trackID = same && !correctionAt(shownStill.frame, same.trackID) ? same.trackID : Math.max(0, ...taken) + 1;
        setCorrection({frame: shownStill.frame, trackID, label, x: box.x, y: box.y, width: box.width, height: box.height,
                       absent: false, added: true});
        return correctEditor.boxes.find(b => b.trackID === trackID) || null;
      },
      change: box => {
        const before = correctionAt(shownStill.frame, box.trackID);
        setCorrection({frame: shownStill.frame, trackID: box.trackID, label: before ? before.label : runLabel(box.trackID),
                       x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height),
                       absent: false, added: Boolean(before && before.added)});
      },
    });

    function openStill(frame) {
      const still = review.stills.find(s => s.frame === frame);
      if (!still) return false;
      shownStill = still;
      const panel = document.getElementById('correct');
      panel.hidden = false;
      correctImage.src = still.href;
      document.getElementById('correct-frame').textContent = still.frame;
      document.getElementById('correct-time').textContent = '(' + still.time.toFixed(3) + ' s)';
      const summaries = Array.from(document.querySelectorAll('.moments a[data-frame="' + frame + '"]')).map(a => a.textContent);
      document.getElementById('correct-moments').textContent = summaries.join('; ');
      refresh();
      panel.scrollIntoView({block: 'start'});
      return true;
    }

    function refresh() {
      if (shownStill) {
        const selectedTrack = correctEditor.selected && correctEditor.selected.trackID;
        const boxes = boxesOn(shownStill);
        correctEditor.show(boxes, boxes.find(b => b.trackID === selectedTrack));
        const body = document.querySelector('#objects tbody');
        body.replaceChildren();
        for (const b of shownStill.boxes) {
          const c = correctionAt(shownStill.frame, b.trackID), row = body.insertRow();
          row.insertCell().textContent = trackName(b.trackID);
          row.insertCell().textContent = `${b.state} ${b.x.toFixed(0)},${b.y.toFixed(0)},${b.width.toFixed(0)},${b.height.toFixed(0)}`;
          row.insertCell().textContent = !c ? 'as the run' : c.absent ? 'absent' : `${c.x},${c.y},${c.width},${c.height}`;
          const cell = row.insertCell();
          const absent = document.createElement('button');
          absent.type = 'button';
          absent.className = 'absent';
          absent.textContent = 'absent';
          absent.disabled = Boolean(c && c.absent);
          absent.addEventListener('click', () => setCorrection({frame: shownStill.frame, trackID: b.trackID, label: runLabel(b.trackID),
            x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height), absent: true, added: false}));
          cell.appendChild(absent);
          if (c) {
            const undo = document.createElement('button');
            undo.type = 'button';
            undo.textContent = 'as the run';
            undo.addEventListener('click', () => removeCorrection(shownStill.frame, b.trackID));
            cell.append(' ', undo);
          }
        }
      }
      const list = document.getElementById('corrections');
      list.replaceChildren();
      for (const c of [...corrections].sort((a, b) => a.frame - b.frame || a.trackID - b.trackID)) {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = '#';
        link.textContent = `frame ${c.frame}`;
        link.addEventListener('click', event => { event.preventDefault(); openStill(c.frame); });
        const what = c.absent ? 'absent' : (c.added ? 'added at ' : 'moved to ') + `${c.x},${c.y},${c.width},${c.height}`;
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'remove';
        remove.addEventListener('click', () => removeCorrection(c.frame, c.trackID));
        item.append(link, `: ${trackName(c.trackID)} ${what} `, remove);
        item.dataset.frame = c.frame;
        item.dataset.track = c.trackID;
        list.appendChild(item);
      }
      document.getElementById('corrections-summary').textContent = corrections.length
        ? `${corrections.length} correction${corrections.length === 1 ? '' : 's'}, kept in this browser for this run.`
        : 'None yet: open a moment, then drag a box, mark an object absent or add one.';
      // --keyframes=NAME, one word: the clip's name, and so the file's, may start with '-'.
      const words = ['vtrack', 'track', review.clip, '--keyframes=' + review.keyframesName, ...review.options,
                     '--out', review.out, '--report', review.report];
      document.getElementById('retrack-command').textContent = words.map(vtrackShellWord).join(' ');
    }

    // The run's keyframes, except where a correction replaces one, and the corrections.
    function keyframesRows() {
      const rows = review.keyframes.filter(k => !correctionAt(k.frame, k.trackID)).map(k => ({...k, absent: k.state === 'lost'}));
      return [...rows, ...corrections].sort((a, b) => a.trackID - b.trackID || a.frame - b.frame);
    }

    for (const link of document.querySelectorAll('a[data-frame]')) {
      link.addEventListener('click', () => openStill(Number(link.dataset.frame)));
    }
    function step(by) {
      const index = review.stills.indexOf(shownStill) + by;
      if (index >= 0 && index < review.stills.length) openStill(review.stills[index].frame);
    }
    document.getElementById('previous-still').addEventListener('click', () => step(-1));
    document.getElementById('next-still').addEventListener('click', () => step(1));
    correctZoom.addEventListener('change', () => vtrackZoom(correctImage, correctZoom.value));
    correctImage.addEventListener('load', () => vtrackZoom(correctImage, correctZoom.value));
    window.addEventListener('resize', () => { if (shownStill) vtrackZoom(correctImage, correctZoom.value); });
    document.getElementById('save-keyframes').addEventListener('click',
      () => vtrackSave(review.keyframesName, vtrackKeyframesCSV(keyframesRows())));
    document.getElementById('copy-command').addEventListener('click', () => vtrackCopy(document.getElementById('retrack-command')));
    refresh();
    """#
}
