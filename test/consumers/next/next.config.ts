import type { NextConfig } from "next";

// The app's own folder is its root (it sits inside another project's tree in the repository).
const config: NextConfig = { turbopack: { root: process.cwd() } };
export default config;
