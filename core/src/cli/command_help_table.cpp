// SPDX-License-Identifier: GPL-3.0-or-later
// The `posenc` help table: what every command does, its forms and options. `posenc --help`,
// `posenc help COMMAND`, the manual page and the bash completion are rendered from it
// (command_help.cpp, command_completion.cpp); command_line.cpp parses what it describes.
#include "posenc/cli/command_help.hpp"

#include <sstream>

namespace posenc {

namespace {

/// The options export and check share, in the words of each.
HelpItem memoryBudgetOption() {
  return {"--memory-budget", "SIZE",
          "most memory one request may need, e.g. 512M, 2G or a number of bytes (K, M, G, T are "
          "powers of 1024); a request that would need more is refused before anything is "
          "computed, with the size it needs (exit status 2). Default: $POSENC_MEMORY_BUDGET if "
          "set (the window reads it too), else a quarter of the physical memory"};
}

HelpItem langOption() {
  return {"--lang", "en|zh_CN",
          "language of the picture's text (title, axis labels, legend, notes): English (default) "
          "or Simplified Chinese; numbers files (.csv .npy .json) keep the English ids and "
          "labels"};
}

CommandHelp windowHelp() {
  return {.name = "window",
          .typed = false,
          .synopsis = {"[SESSION.json | MODEL]"},
          .description = {{"Open the window, with what the path is: a saved session, or a "
                           "model (its folder, config.json, .safetensors checkpoint or "
                           ".safetensors.index.json) as File > Open Model opens it. Needs a "
                           "display.",
                           {}}}};
}

CommandHelp listHelp() {
  return {.name = "list",
          .synopsis = {"list [--json]", "list --presets [--json]"},
          .description = {{"Every scheme with its parameters (type, default, range or choices) "
                           "and views.",
                           {}}},
          .options = {{"--presets", "",
                       "The built-in presets (real models: BERT, GPT-2, LLaMA, BLOOM, T5, ...): "
                       "id and name."},
                      {"--json", "", "the same as one JSON object"}},
          .examples = {"posenc list --presets"}};
}

/// export's options about the picture and the file written.
std::vector<HelpItem> exportPictureOptions() {
  return {
      {"--out", "PATH", "the file to write; its extension picks the format (above)"},
      {"--out", "-", "JSON on standard output"},
      {"--out", "DIR/", "with --all-views: the folder, one file per view (SCHEME_VIEW.FMT)"},
      {"-o", "PATH", "the same as --out"},
      {"--size", "WxH", "picture size in pixels (default 1000x800)"},
      {"--dpi", "N", "PNG resolution; pixels = size * N / 96 (default 96)"},
      {"--colormap", "NAME", "viridis, cividis, magma, gray or rdbu (default: by the view)"},
      {"--title", "TEXT", "picture title (default: the view's title)"},
      {"--rows", "A:B", "only rows A..B-1 of a matrix view (with --cols C:D: columns C..D-1)"},
      {"--cols", "C:D", "only columns C..D-1 of a matrix view"},
      {"--format", "FMT", "with --all-views: png, svg, pdf, csv, npy or json (default png)"},
      memoryBudgetOption(),
      langOption(),
  };
}

/// export's options that say what to draw.
std::vector<HelpItem> exportSourceOptions() {
  return {
      {"--scheme", "ID", "the scheme (posenc list shows the schemes)"},
      {"--set", "KEY=VALUE",
       "one parameter of the scheme (repeatable; each key once); applied on top of a session's, "
       "preset's or model's values"},
      {"--view", "VIEW", "the view to draw (posenc list shows the views)"},
      {"--all-views", "", "every view of the scheme, into the folder --out DIR/"},
      {"--session", "FILE",
       "take the scheme, parameters, view and colour map from a session saved by the window "
       "(.json); --set, --view and --colormap given as well override it; --scheme, if given, "
       "must be the session's"},
      {"--preset", "ID", "likewise from a built-in preset (posenc list --presets)"},
      {"--model", "PATH",
       "draw a real model: PATH is a model folder (config.json, and model.safetensors or "
       "model.safetensors.index.json with its shards), a config.json, a .safetensors file with "
       "its config.json beside it, or a repo id (gpt2, meta-llama/Llama-3.1-8B) in the local "
       "Hugging Face cache (never the network). The model sets the scheme and its parameters, "
       "with its own trained tables where the scheme draws one; --set overrides them; the "
       "subtitle names the model. Without --view: the scheme's first view; --view layers draws "
       "the model's stack of layers. --scheme, if given, must be the model's; not with "
       "--session or --preset"},
      {"--layer", "N|TYPE",
       "with --model: draw that layer of the model, by index (0 .. layers - 1) or by type (the "
       "first sliding_attention, full_attention, ... layer); the subtitle names it. Without "
       "it, a model whose layers differ is drawn at its long-range layer (posenc inspect PATH "
       "lists the layers)"},
      {"--table", "FILE[:NAME]",
       "a trained table from a file (.safetensors, its .index.json, .npy or .npz; NAME picks the "
       "tensor): the same as --set table=..., for a scheme with a table parameter (learned, t5)"},
  };
}

/// export's examples, one a line (a raw string: a formatter never splits one of them).
const char* const kExportExamples =
    R"(posenc export --scheme sinusoidal --view similarity --out sim.png
posenc export --scheme alibi --set heads=12 --set head=3 --view bias --out bias.csv
posenc export --scheme t5 --view bucket_map --out - | python3 -m json.tool
posenc export --scheme rope --set length=512 --all-views --out rope/
posenc export --preset llama2-7b-rope --set length=8192 --view frequencies --out f.png
posenc export --session my.json --out - > numbers.json
posenc export --scheme rope --view scores --lang zh_CN --out rope_zh.png
posenc export --model gpt2 --view encoding --out gpt2_wpe.png
posenc export --model google/gemma-3-27b-it --layer sliding_attention --view scores --out local.png
posenc export --model meta-llama/Llama-4-Scout-17B-16E --view layers --out layers.png
posenc export --scheme learned --table model.safetensors:wpe.weight --view encoding --out t.png)";

/// `text` split at its newlines.
std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

/// The sentence on models and tables, for export and inspect alike.
const char* const kModelExitStatus =
    "For inspect and --model, a model that cannot be found, a config or checkpoint that cannot "
    "be read (the message names the file and the reason), and an unknown model_type (the "
    "message lists the supported ones) are bad input (2); so is a --table file that cannot be "
    "read.";

CommandHelp exportHelp() {
  std::vector<HelpItem> options = exportSourceOptions();
  for (HelpItem& item : exportPictureOptions()) options.push_back(std::move(item));
  return {
      .name = "export",
      .synopsis = {"export --scheme ID [--set KEY=VALUE]... --view VIEW --out PATH [options]",
                   "export --scheme ID [--set KEY=VALUE]... --all-views --out DIR/ [--format FMT] "
                   "[options]",
                   "export --session FILE | --preset ID [--set KEY=VALUE]... [--view VIEW] --out "
                   "PATH [options]",
                   "export --model PATH [--layer N|TYPE] [--set KEY=VALUE]... [--view VIEW | "
                   "--all-views] --out PATH [options]"},
      .description = {{"Draw a view or write its numbers. The extension of PATH picks the format:",
                       {{".png .svg .pdf", "", "the picture (title, axis labels, colour scale)"},
                        {".csv .npy .json", "",
                         "the numbers (masked cells: nan in CSV/NPY, null in JSON)"}}}},
      .options = std::move(options),
      .examples = lines(kExportExamples),
      .exitStatus = kModelExitStatus};
}

CommandHelp checkHelp() {
  return {
      .name = "check",
      .synopsis = {"check --scheme ID --view VIEW [--set KEY=VALUE]... --against FILE[:NAME] "
                   "[options]",
                   "check --model PATH [--layer N|TYPE] | --preset ID | --session FILE [--set "
                   "KEY=VALUE]... [--view VIEW] --against FILE[:NAME] [options]",
                   "check --against EXPORT.json [--set KEY=VALUE]... [options]"},
      .description = {{"Compare your own numbers for a view (a RoPE cos cache, a sinusoidal "
                       "table, an ALiBi or T5 bias, ...) with the exact values cell by cell; when "
                       "they differ, name the usual convention slip that reproduces yours "
                       "(pairing layout, positions shifted by one, i - j for j - i, another base, "
                       "a missing attention factor, float32 rounding, ...).",
                       {}},
                      {"A cell matches when |yours - ours| <= atol + rtol |ours|. Scheme, "
                       "parameters and view are resolved as export resolves them.",
                       {}}},
      .options =
          {{"--against", "FILE[:NAME]",
            "your array: .npy, .npz:NAME, .safetensors:NAME (NAME may be left out when the file "
            "holds one array), .csv (one line per row, commas, '#' comment lines; or our own "
            "series CSV) or our own JSON export, which names its scheme, view, parameters and "
            "region: then --scheme, --view and the rest may be left out"},
           {"--scheme", "ID", "the scheme, as for export"},
           {"--view", "VIEW", "the view your array holds, as for export"},
           {"--set", "KEY=VALUE", "one parameter of the scheme, as for export"},
           {"--model", "PATH", "the scheme and parameters of a real model, as for export"},
           {"--layer", "N|TYPE", "the model's layer your array is for, as for export"},
           {"--preset", "ID", "those of a built-in preset, as for export"},
           {"--session", "FILE", "those of a saved session, as for export"},
           {"--rtol", "R",
            "relative tolerance (default: by the file's dtype, as torch.testing: float64 1e-7, "
            "float32 1.3e-6, float16 1e-3, bfloat16 1.6e-2; for text, by the digits written)"},
           {"--atol", "A", "absolute tolerance (default: float64 1e-7, else 1e-5)"},
           {"--rows", "A:B",
            "the part of the view your array holds (rows A..B-1, columns C..D-1 with --cols C:D; "
            "of a series view: curves and points)"},
           {"--cols", "C:D", "the columns C..D-1 your array holds"},
           {"--json", "", "the report as one JSON object"},
           {"--memory-budget", "SIZE", "as for export"}},
      .examples =
          lines(R"(posenc check --scheme rope --set length=4096 --view cos --against cos_cache.npy
posenc check --against exported.json --json)"),
      .exitStatus =
          "check exits with 0 when every cell matches, 1 when not (a shape that differs "
          "too: the report gives both shapes), 2 for bad input (an unreadable or "
          "hostile --against file, an unknown option, a bad parameter or tolerance)."};
}

CommandHelp galleryHelp() {
  return {.name = "gallery",
          .synopsis = {"gallery [DIR] [--format png|svg|pdf] [--size WxH] [--dpi N] "
                       "[--memory-budget SIZE] [--lang en|zh_CN]",
                       "gallery [DIR] --model PATH [--layer N|TYPE] [options]"},
          .description = {{"Every view of every scheme at default parameters into DIR (default "
                           "./gallery).",
                           {}},
                          {"With --model: the model's layers view, then every view of each kind "
                           "of layer it has (its first layer of that kind; Gemma 3: a local and a "
                           "global layer), or of the one layer --layer names; files are named "
                           "layerN_SCHEME_VIEW.FMT.",
                           {}}},
          .options = {{"--model", "PATH", "draw this model's layers, as for export"},
                      {"--layer", "N|TYPE", "only this layer of the model, as for export"},
                      {"--format", "FMT", "png, svg or pdf (default png)"},
                      {"--size", "WxH", "picture size in pixels (default 1000x800)"},
                      {"--dpi", "N", "PNG resolution, as for export"},
                      {"--memory-budget", "SIZE", "as for export"},
                      {"--lang", "en|zh_CN", "language of the pictures' text, as for export"}},
          .examples = {"posenc gallery pictures --format svg",
                       "posenc gallery gemma3 --model google/gemma-3-27b-it"}};
}

CommandHelp inspectHelp() {
  return {.name = "inspect",
          .synopsis = {"inspect PATH [--json]"},
          .description = {{"What a model's files say about its positional encoding: PATH is a "
                           "model folder (config.json, model.safetensors or "
                           "model.safetensors.index.json), a config.json, a .safetensors file, "
                           "or a repo id (gpt2, meta-llama/Llama-3.1-8B) in the local Hugging "
                           "Face cache ($HF_HUB_CACHE, else $HF_HOME/hub, else "
                           "~/.cache/huggingface/hub; never the network). Prints the model type, "
                           "the scheme and parameters it maps to, every tensor used (name, dtype, "
                           "shape, file, and whether its shape is the one the config gives) and "
                           "what in config.json was not understood.",
                           {}}},
          .options = {{"--json", "", "the report as one JSON object"}},
          .examples = {"posenc inspect meta-llama/Llama-3.1-8B"},
          .exitStatus = kModelExitStatus};
}

CommandHelp modelsHelp() {
  return {.name = "models",
          .synopsis = {"models [--json]"},
          .description = {{"The models of the local Hugging Face cache that have a config.json, "
                           "each with the scheme it maps to.",
                           {}}},
          .options = {{"--json", "", "the list as one JSON object"}},
          .examples = {"posenc models"}};
}

CommandHelp helpHelp() {
  return {.name = "help",
          .synopsis = {"help [COMMAND]", "COMMAND --help", "--help"},
          .description = {{"Without COMMAND: this overview of every command. With COMMAND: that "
                           "command's full text (synopsis, description, options, examples, exit "
                           "status).",
                           {}}},
          .options = {{"--man", "",
                       "the manual page posenc(1) in roff, rendered from the same text (what "
                       "man posenc shows)"},
                      {"--bash-completion", "",
                       "the bash completion script: commands, options, scheme, view, parameter "
                       "and preset ids"}},
          .examples = {"posenc help check", "posenc export --help"}};
}

CommandHelp versionHelp() {
  return {.name = "version",
          .synopsis = {"--version"},
          .description = {{"The version, with the git revision when built from a git checkout "
                           "(-dirty when the tree had changes), e.g. posenc 0.1.0 (git 204b6be).",
                           {}}}};
}

}  // namespace

const std::vector<CommandHelp>& commandHelp() {
  static const std::vector<CommandHelp> table = {windowHelp(), listHelp(),    exportHelp(),
                                                 checkHelp(),  galleryHelp(), inspectHelp(),
                                                 modelsHelp(), helpHelp(),    versionHelp()};
  return table;
}

const std::string& helpExitStatus() {
  static const std::string text =
      "0 on success, 2 for bad input (the message names the parameter, the value and what is "
      "allowed; also a session file that is missing, unreadable or invalid, and a request over "
      "the memory budget, with the size it needs), 1 when a file cannot be written (a read-only "
      "folder, a full disk: the message says so, and an existing file is left whole).";
  return text;
}

const std::vector<HelpItem>& helpEnvironment() {
  static const std::vector<HelpItem> items = {
      {"POSENC_MEMORY_BUDGET", "",
       "the memory budget when --memory-budget is not given (the window reads it too)"},
      {"HF_HUB_CACHE", "", "the Hugging Face cache that inspect, models and --model read"},
      {"HF_HOME", "",
       "without HF_HUB_CACHE: the cache is $HF_HOME/hub (default "
       "~/.cache/huggingface/hub)"},
      {"QT_QPA_PLATFORM", "",
       "the window's Qt platform (xcb, wayland); the commands draw offscreen when it is unset"},
  };
  return items;
}

}  // namespace posenc
