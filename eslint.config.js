// ESLint flat config: the recommended rules without type information (fast; tsc checks the types),
// the classic React hooks rules, the accessibility rules for JSX, and nothing Prettier decides.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", "test-results/", "data/", "drizzle/meta/", ".cache/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    // Not react-hooks' recommended preset: its React Compiler rules take two thirds of the lint time, and the app runs React 18 without the compiler.
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // `const { secret: _secret, ...rest } = row` is how a field is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // Input cleaning matches control characters on purpose, to strip or refuse them.
      "no-control-regex": "off",
      // A scrollable table is a focusable, labelled role="region" so keyboard users can scroll it (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"] }],
    },
  },
  {
    files: ["test/**", "**/*.test.ts"],
    rules: {
      // Tests read API answers as loose JSON and pick fields out of them.
      "@typescript-eslint/no-explicit-any": "off",
      // useUnitDatabase is a vitest fixture named like a hook, not a React hook.
      "react-hooks/rules-of-hooks": "off",
    },
  },
  prettier,
);
