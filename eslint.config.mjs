// ESLint (flat config): the recommended JavaScript and typescript-eslint rules, the rules of hooks for
// the React code, and two type-aware rules on the kit's sources: every promise is awaited or handled.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "dist-server/", "playground/dist/", "**/generated/", "coverage/", "server/data/", ".latch/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks what a signature or a destructuring must name but the code does not use.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Plugins extend the kit's registries by module augmentation: they start as empty interfaces, and a
      // step without a payload is `{}`.
      "@typescript-eslint/no-empty-object-type": "off",
    },
  },
  {
    // TypeScript checks names itself (tsc); no-undef does not know types and global augmentations.
    files: ["**/*.ts", "**/*.tsx"],
    rules: { "no-undef": "off" },
  },
  {
    files: ["core/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "renderer/**/*.{ts,tsx}", "plugins/**/*.{ts,tsx}", "playground/**/*.{ts,tsx}", "test/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Type-aware, on the kit's own sources only (the cost of a type-checked lint stays small).
    files: ["core/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "renderer/**/*.{ts,tsx}", "plugins/**/*.{ts,tsx}", "integrations/**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // Async event handlers are fine in React; what they may not do is leave a rejection unhandled.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // A plugin's definitions differ in their step and payload types; the registry holds them all.
    files: ["core/kit-contract.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Tests poke at JSON answers and library internals.
    files: ["test/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
