// The layer rules of docs/architecture.md, checked by `npm run lint` (run first by `npm test`).
// Only these rules: the code's style is the style guide's and the reviewer's, not the linter's.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const restrict = (...patterns) => ['error', { patterns }];
const forbid = (regex, message) => ({ regex, message });

// An import path names a folder of the tree when one of its segments does: `../db/client`,
// `../../server/db/client`. The files below one folder reach their neighbours with `../`.
const below = (folder) => `^(\\.\\./)+(server/)?${folder}(/|$)`;

const httpRules = [forbid(below('db'), 'Routes (server/http) reach data through services, never the database or a repository.')];
const engineRules = [
  forbid(below('(db|jobs|http)'), 'The engine (server/analysis) is pure: its callers pass data in; it imports no database, job or HTTP code.'),
];
const serverRules = [forbid('(^|/)(src|workers)/', 'Server code never imports browser code (src/, workers/).')];
const browserRules = [forbid('(^|/)server/', 'Browser code never imports server code; the contract is in core/.')];
const coreRules = [forbid('(^|/)(server|src|workers|evaluation)/', 'core/ is isomorphic: it imports nothing of server/, src/, workers/ or evaluation/.')];
// src/ and workers/ meet only through these modules: the DICOM worker's API and reader types,
// and the offline outbox the service worker sends.
const srcRules = [
  forbid('(^|/)workers/(?!dicom-api(\\.ts)?$)', 'src/ imports workers/ only through workers/dicom-api.'),
];
const workersRules = [
  forbid('(^|/)src/(?!offline/service-worker-api(\\.ts)?$)', 'workers/ imports src/ only through src/offline/service-worker-api.'),
];

// SQL lives in repositories (server/db): a `.query(...)` or `.exec(...)` whose first argument is a
// string or template that opens with an SQL keyword, anywhere else, is flagged.
const SQL = '/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|DROP|ALTER|TRUNCATE|BEGIN|COMMIT|LISTEN|NOTIFY)\\b/i';
const sqlCall = 'CallExpression[callee.property.name=/^(query|exec)$/]';
const sqlMessage = 'SQL lives only in repositories (server/db/repositories); call a repository method instead.';
const noSql = [
  'error',
  { selector: `${sqlCall} > Literal.arguments:first-child[value=${SQL}]`, message: sqlMessage },
  { selector: `${sqlCall} > TemplateLiteral.arguments:first-child > TemplateElement:first-child[value.raw=${SQL}]`, message: sqlMessage },
];

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'dist/**', 'dist-*/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/*.mjs', 'tests/unit/fixtures/lint/**'],
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  { files: ['core/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(...coreRules) } },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': restrict(...serverRules) } },
  { files: ['server/http/**/*.ts'], rules: { 'no-restricted-imports': restrict(...serverRules, ...httpRules) } },
  { files: ['server/analysis/**/*.ts'], rules: { 'no-restricted-imports': restrict(...serverRules, ...engineRules) } },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'no-restricted-imports': restrict(...browserRules, ...srcRules),
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['workers/**/*.ts'], rules: { 'no-restricted-imports': restrict(...browserRules, ...workersRules) } },
  {
    files: ['server/**/*.ts', 'core/**/*.ts', 'src/**/*.{ts,tsx}', 'workers/**/*.ts', 'evaluation/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/db/**'],
    rules: { 'no-restricted-syntax': noSql },
  },
);
