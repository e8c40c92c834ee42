import Files
import Foundation
import TrackFormats

/// The page `vtrack pick` writes: a frame of the clip at full resolution, on which the user drags
/// boxes, names them, adjusts them by their corners and edges and deletes them; a strip of stills
/// to choose another frame; the `vtrack track` command for the boxes drawn
/// (`--box=label=x,y,width,height`, one word as a label may start with '-', with `@FRAME` for a box
/// not on frame 0, and the tracking options given to `vtrack pick`), which it copies; and a button
/// that saves the boxes as a keyframes CSV for `--keyframes`.
///
///     let page = PickPage(clipName: "walkers.mp4", clipPath: "/footage/walkers.mp4", width: 640, height: 480,
///                         chosen: 0, stills: [.init(frame: 0, href: "walkers.pick.stills/frame-000000.png")])
///     try TextOutputFile.write(try page.html(), to: "walkers.pick.html", kind: "pick page")
///
/// One file with its styles and script inline; the stills are PNG files linked by paths relative
/// to the page, so the page and its stills folder can be moved together. Nothing is fetched.
/// Boxes are clip pixels (the upright picture's, origin at the top-left pixel) whatever the zoom.
public struct PickPage: Sendable {
    /// A still the page offers: a frame and its PNG, relative to the page's folder.
    public struct Still: Sendable, Equatable, Codable {
        public var frame: Int
        public var href: String

        public init(frame: Int, href: String) {
            self.frame = frame
            self.href = href
        }
    }

    /// The clip's file name, shown as the title.
    public var clipName: String
    /// The clip as the command names it (an absolute path, so the command runs from anywhere).
    public var clipPath: String
    /// The upright picture's size, pixels.
    public var width: Int, height: Int
    /// The frame shown first, 0-based.
    public var chosen: Int
    /// In frame order; one of them is ``chosen``.
    public var stills: [Still]
    /// The output folder the command names.
    public var outputFolder: String
    /// The tracking options the command names, as `vtrack track` takes them (Pipeline's `TrackingOptions.boxCommandWords`).
    public var trackingWords: [String]

    public init(clipName: String, clipPath: String, width: Int, height: Int, chosen: Int, stills: [Still],
                outputFolder: String = "vtrack-out", trackingWords: [String]) {
        self.trackingWords = trackingWords
        self.clipName = clipName
        self.clipPath = clipPath
        self.width = width
        self.height = height
        self.chosen = chosen
        self.stills = stills
        self.outputFolder = outputFolder
    }

    /// What the page's script reads.
    private struct Data: Encodable {
        var clip: String
        var chosen: Int
        var stills: [Still]
        var out: String
        var report: String
        var keyframes: String
        var options: [String]
    }

    /// The page's HTML. Throws only if the data cannot be encoded as JSON.
    public func html() throws -> String {
        let stem = FilePath.safeStem(of: clipName)
        let data = Data(clip: clipPath, chosen: chosen, stills: stills.map { Still(frame: $0.frame, href: PageLink.url($0.href)) },
                        out: outputFolder, report: FilePath.joining(outputFolder, stem + ".html"),
                        keyframes: stem + ".keyframes.csv", options: trackingWords)
        var lines = [
            "<!doctype html>",
            #"<html lang="en">"#,
            "<head>",
            #"<meta charset="utf-8">"#,
            "<title>vtrack pick: \(MarkupText.escaped(clipName))</title>",
            "<style>",
            "body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; }",
            "h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 12px 0 4px; }",
            ".strip { display: flex; gap: 6px; overflow-x: auto; padding: 4px 0; }",
            ".strip button { padding: 2px; border: 2px solid transparent; background: #eee; font: 12px system-ui, sans-serif; }",
            ".strip button.current { border-color: #0a58ca; } .strip img { display: block; height: 72px; }",
            "#box-list td, #box-list th { padding: 2px 8px; text-align: left; } #box-list input { width: 9em; }",
            "pre#command { white-space: pre-wrap; word-break: break-all; background: #f4f4f4; padding: 8px; }",
            ".warning { color: #b00; }",
            BoxEditorScript.style,
            "</style>",
            "</head>",
            "<body>",
            "<h1>\(MarkupText.escaped(clipName))</h1>",
            #"<p>\#(width)×\#(height) pixels, frame <span id="frame-number">\#(chosen)</span>. Drag on the picture to draw a box; drag a box to move it, or its corners and edges to resize it. Delete removes the selected box.</p>"#,
            #"<div class="strip" id="strip">"#,
        ]
        for still in stills {
            lines.append(#"<button type="button" data-frame="\#(still.frame)"><img src="\#(ClipReviewPage.href(still.href))" alt="frame \#(still.frame)"/>frame \#(still.frame)</button>"#)
        }
        lines += [
            "</div>",
            #"<p><label>Zoom <select id="zoom"><option value="fit">fit the page</option><option value="1" selected="selected">100% (one clip pixel per page pixel)</option><option value="2">200%</option></select></label></p>"#,
            #"<div class="stage-scroll"><div class="stage"><img id="still" alt="the frame to draw on"/><svg id="boxes"></svg></div></div>"#,
            #"<table id="box-list"><thead><tr><th>name</th><th>frame</th><th>x,y,width,height</th><th></th></tr></thead><tbody></tbody></table>"#,
            #"<p id="warning" class="warning"></p>"#,
            "<h2>Track them</h2>",
            #"<pre id="command"></pre>"#,
            #"<p><button type="button" id="copy">Copy the command</button> <button type="button" id="save">Save the keyframes file</button></p>"#,
            #"<p>Or, where you saved the keyframes file: <code id="keyframes-command"></code></p>"#,
            try PageData.element(id: "pick-data", value: data),
            "<script>",
            BoxEditorScript.source,
            Self.script,
            "</script>",
            "</body>",
            "</html>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The page's own script: the boxes (clip pixels, with their frame and name), the list, the
    /// command and the keyframes file.
    private static let script = #"""
    const data = JSON.parse(document.getElementById('pick-data').textContent);
    const image = document.getElementById('still');
    const boxes = [];
    let frame = data.chosen, drawn = 0;
    const editor = new BoxEditor(image, document.getElementById('boxes'), {
      create: box => {
        drawn += 1;
        const made = {frame, label: 'box' + drawn, x: box.x, y: box.y, width: box.width, height: box.height};
        boxes.push(made);
        update();
        return made;
      },
      change: () => update(),
      select: () => {},
    });

    function showFrame(next) {
      frame = next;
      image.src = data.stills.find(still => still.frame === next).href;
      document.getElementById('frame-number').textContent = next;
      for (const button of document.querySelectorAll('#strip button')) {
        button.classList.toggle('current', Number(button.dataset.frame) === next);
      }
      editor.show(boxes.filter(b => b.frame === frame));
    }

    // Track ids by name, in the order the names first appear.
    function trackIDs() {
      const ids = new Map();
      for (const b of boxes) if (!ids.has(b.label)) ids.set(b.label, ids.size + 1);
      return ids;
    }

    function keyframesRows() {
      const ids = trackIDs();
      return boxes.map(b => ({...b, trackID: ids.get(b.label)}))
        .sort((a, b) => a.trackID - b.trackID || a.frame - b.frame);
    }

    function commandLine(extra) {
      const tail = [...data.options, '--out', data.out, '--report', data.report];
      return ['vtrack', 'track', data.clip, ...extra, ...tail].map(vtrackShellWord).join(' ');
    }

    function updateCommand() {
      const seen = new Set(), doubled = [];
      for (const b of boxes) {
        const key = b.label + '@' + b.frame;
        if (seen.has(key)) doubled.push(`two boxes are named ${b.label} on frame ${b.frame}: rename one`);
        seen.add(key);
      }
      document.getElementById('warning').textContent = doubled.join('; ');
      // --box=VALUE, one word: a name may start with '-'.
      const words = boxes.map(b => `--box=${b.label}=${b.x},${b.y},${b.width},${b.height}` + (b.frame !== 0 ? '@' + b.frame : ''));
      document.getElementById('command').textContent = boxes.length ? commandLine(words) : 'Draw a box on the picture.';
      document.getElementById('keyframes-command').textContent = commandLine(['--keyframes=' + data.keyframes]);
      for (const id of ['copy', 'save']) document.getElementById(id).disabled = boxes.length === 0;
      editor.draw();
    }

    function update() {
      const body = document.querySelector('#box-list tbody');
      body.replaceChildren();
      for (const b of boxes) {
        const row = body.insertRow();
        const name = document.createElement('input');
        name.value = b.label;
        name.setAttribute('aria-label', 'name');
        name.addEventListener('input', () => { b.label = vtrackLabel(name.value, 'box'); updateCommand(); });
        name.addEventListener('change', () => { name.value = b.label; });
        row.insertCell().appendChild(name);
        const frameLink = document.createElement('button');
        frameLink.type = 'button';
        frameLink.textContent = b.frame;
        frameLink.addEventListener('click', () => showFrame(b.frame));
        row.insertCell().appendChild(frameLink);
        row.insertCell().textContent = `${b.x},${b.y},${b.width},${b.height}`;
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'delete';
        remove.addEventListener('click', () => deleteBox(b));
        row.insertCell().appendChild(remove);
      }
      editor.show(boxes.filter(b => b.frame === frame), editor.selected);
      updateCommand();
    }

    function deleteBox(box) {
      const index = boxes.indexOf(box);
      if (index >= 0) boxes.splice(index, 1);
      if (editor.selected === box) editor.selected = null;
      update();
    }

    document.addEventListener('keydown', event => {
      if ((event.key === 'Delete' || event.key === 'Backspace') && editor.selected && !(event.target instanceof HTMLInputElement)) {
        event.preventDefault();
        deleteBox(editor.selected);
      }
    });
    for (const button of document.querySelectorAll('#strip button')) {
      button.addEventListener('click', () => showFrame(Number(button.dataset.frame)));
    }
    const zoom = document.getElementById('zoom');
    zoom.addEventListener('change', () => vtrackZoom(image, zoom.value));
    image.addEventListener('load', () => vtrackZoom(image, zoom.value));
    window.addEventListener('resize', () => vtrackZoom(image, zoom.value));
    document.getElementById('copy').addEventListener('click', () => vtrackCopy(document.getElementById('command')));
    document.getElementById('save').addEventListener('click', () => vtrackSave(data.keyframes, vtrackKeyframesCSV(keyframesRows())));
    showFrame(frame);
    update();
    """#
}
