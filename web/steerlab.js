// steerlab's plugin for miniquad's loader (gl.js): what the app needs of the page that
// macroquad does not give. The page's title (the scenario's name), uploads (Open...),
// downloads (Save, exports), the clipboard and the address's fragment (Copy link), and
// the page's log. Strings and bytes cross through sapp_jsutils' JS objects.
"use strict";

(function () {
    // Files the user picked, read and waiting for the app: {name, data: Uint8Array}.
    var uploads = [];

    // Some crates in the build (rhai's and plotters' browser support) link wasm-bindgen,
    // whose imports macroquad's loader does not provide. Nothing steerlab runs calls
    // them (rhai's clock is compiled out, plotters draws no text here), but the module
    // cannot start without them: each is a function that fails loudly if ever called.
    function wasm_bindgen_stubs() {
        return new Proxy({}, {
            get: function (_, name) {
                return function () {
                    throw new Error("steerlab: wasm-bindgen import " + String(name) + " called");
                };
            }
        });
    }

    function register(importObject) {
        importObject.__wbindgen_placeholder__ = wasm_bindgen_stubs();
        importObject.__wbindgen_externref_xform__ = wasm_bindgen_stubs();
        // miniquad 0.4 deletes a texture without forgetting it was bound, then binds it
        // again to restore that binding (not-fl3/miniquad#633), which WebGL reports as an
        // error. A deleted texture is no texture: bind none, as the deletion did.
        var bind_texture = importObject.env.glBindTexture;
        importObject.env.glBindTexture = function (target, texture) {
            if (texture != 0 && GL.textures[texture] === null) {
                texture = 0;
            }
            bind_texture(target, texture);
        };
        // The loader warns of every import `env` lacks; wasm-bindgen's are answered here.
        var stubs = wasm_bindgen_stubs();
        importObject.env = new Proxy(importObject.env, {
            get: function (target, name) {
                if (name in target || !String(name).startsWith("__wb")) {
                    return target[name];
                }
                return stubs[name];
            }
        });
        var env = importObject.env;
        // The app runs: the title names its scenario, the loading note goes.
        env.steerlab_set_title = function (title) {
            document.title = consume_js_object(title);
            var loading = document.getElementById("steerlab-loading");
            if (loading != null) {
                loading.remove();
            }
        };
        env.steerlab_upload = function () {
            var input = document.createElement("input");
            input.type = "file";
            input.multiple = true;
            input.accept = ".ron,.csv,.rhai";
            // All the files picked arrive together, so a scenario never opens before
            // the scripts picked with it are there.
            input.onchange = function () {
                var files = Array.from(input.files);
                Promise.all(files.map(function (file) { return file.arrayBuffer(); }))
                    .then(function (buffers) {
                        buffers.forEach(function (buffer, i) {
                            uploads.push({ name: files[i].name, data: new Uint8Array(buffer) });
                        });
                    });
            };
            input.click();
        };
        env.steerlab_upload_count = function () {
            return uploads.length;
        };
        // The oldest upload: its name, then its bytes (taken off the queue).
        env.steerlab_upload_name = function () {
            return js_object(uploads[0].name);
        };
        env.steerlab_upload_take = function () {
            return js_object(uploads.shift().data);
        };
        env.steerlab_download = function (name, bytes) {
            var blob = new Blob([consume_js_object(bytes)], { type: "application/octet-stream" });
            var link = document.createElement("a");
            link.href = URL.createObjectURL(blob);
            link.download = consume_js_object(name);
            document.body.appendChild(link);
            link.click();
            link.remove();
            setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
        };
        // Replaces the address's fragment without reloading or adding to the history
        // (an empty one leaves no `#`): the address names what is open.
        env.steerlab_set_fragment = function (fragment) {
            var value = consume_js_object(fragment);
            var url = window.location.href.split("#")[0] + (value == "" ? "" : "#" + value);
            window.history.replaceState(null, "", url);
            shown = window.location.hash;
            return js_object(url);
        };
        // Whether the open scenario has unsaved edits (a reload asks first).
        env.steerlab_set_dirty = function (value) {
            dirty = value != 0;
        };
        // The clipboard is asked for; where the page may not write it (no user gesture,
        // not a secure context), the address bar still holds the link.
        env.steerlab_copy = function (text) {
            var value = consume_js_object(text);
            if (navigator.clipboard && window.isSecureContext) {
                navigator.clipboard.writeText(value).catch(function () {});
            }
        };
        env.steerlab_log = function (level, text) {
            var message = consume_js_object(text);
            if (level == 2) {
                console.warn(message);
            } else {
                console.log(message);
            }
        };
        // For the page's benchmark (?bench): how long since the page began loading.
        env.steerlab_since_load = function () {
            return performance.now();
        };
        // For the page's tests and embeds: a line the page shows in #steerlab-report
        // (created on first use), e.g. the self-test's hashes.
        env.steerlab_report = function (text) {
            var report = document.getElementById("steerlab-report");
            if (report == null) {
                report = document.createElement("pre");
                report.id = "steerlab-report";
                report.style.display = "none";
                document.body.appendChild(report);
            }
            report.textContent += consume_js_object(text) + "\n";
        };
    }

    // Unsaved edits: the app says so; a reload or a link pasted into the tab asks first.
    var dirty = false;
    // The fragment the app last put in the address.
    var shown = window.location.hash;
    window.addEventListener("beforeunload", function (event) {
        if (dirty) {
            event.preventDefault();
            event.returnValue = "";
        }
    });
    // A link pasted into the same tab changes only the fragment: open it, unless the
    // user keeps the unsaved edits (then the address goes back to what is open).
    window.addEventListener("hashchange", function () {
        if (dirty && !window.confirm("The open scenario has unsaved edits. Open the link and lose them?")) {
            window.history.replaceState(null, "", window.location.href.split("#")[0] + shown);
            return;
        }
        dirty = false;
        window.location.reload();
    });

    miniquad_add_plugin({ register_plugin: register, version: 1, name: "steerlab" });
})();
