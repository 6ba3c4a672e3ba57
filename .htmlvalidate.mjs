/**
 * The rules every page of a build is checked against (docs/testing.md, "Valid HTML"): html-validate's
 * recommended set, less what React's serialisation decides and the site cannot choose. Every change to
 * the recommended set says why next to it. `npx html-validate dist` runs the same check on a build.
 */
export default {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // React decides these, not the templates: it writes attribute names as its DOM properties are spelled
    // (`charSet`, `srcSet`, `dateTime`), boolean and empty attributes with an empty value (`hidden=""`),
    // and void elements self-closed (`<br/>`). Browsers read all of it the same.
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'void-style': 'off',
    // The page writer (cli/core/render) puts `<!doctype html>` first, as the HTML standard's own
    // examples do; the rule stays on so every page writes it one way.
    'doctype-style': ['error', { style: 'lowercase' }],
    // The progress bar is the element with `role="progressbar"` and `data-state` that the client script
    // drives (docs/hosting.md, "Output"); a native <progress> cannot creep, finish and turn red
    // as one styled bar, so the role is kept on purpose. Every other role still prefers its element.
    'prefer-native-element': ['error', { exclude: ['progressbar'] }],
    // `<search role="search">`: browsers the client supports (Chrome < 118, Safari < 17) know no
    // <search> element and would expose no landmark without the role. Every other redundant role is an error.
    'no-redundant-role': ['error', { exclude: ['search'] }],
    // A title's length is the writer's text (front matter `title`), not markup: a news headline may be
    // longer than a search engine shows, and that is an editorial choice, not invalid HTML.
    'long-title': 'off',
  },
};
