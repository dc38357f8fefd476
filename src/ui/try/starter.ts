// The first draft of a new candidate: the rules a page must follow (IWR-SPEC "Generation")
// as comments, at the task's resolution, so a visitor starts from something that loads.
export function starterHtml(site: string, width: number, height: number, assets: string[]): string {
  const first = assets.find((a) => /\.(png|jpe?g|gif|webp|svg)$/i.test(a));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${site.replace(/[<&]/g, '')}</title>
<!--
  One self-contained page: HTML, CSS and JS inline, no external libraries or fonts.
  Recording resolution: ${width}x${height}.
  Put class="btn" on every clickable element.
  Reference assets as __PLACEHOLDER_ASSETS_BASE_DIR__/<filename>, with width and height on <img>.
-->
<style>
  body { margin: 0; font-family: system-ui, sans-serif; }
  header { padding: 16px 24px; background: #1f2937; color: #fff; }
  main { padding: 24px; }
  .btn { cursor: pointer; }
</style>
</head>
<body>
<header>${site.replace(/[<&]/g, '')}</header>
<main>
  ${first ? `<img src="__PLACEHOLDER_ASSETS_BASE_DIR__/${first}" width="120" height="120" alt="">\n  ` : ''}<p>Start building the page from the recording.</p>
  <button class="btn" type="button">A button</button>
</main>
<script>
  // Behaviour goes here; mock any backend with static data.
</script>
</body>
</html>
`;
}
