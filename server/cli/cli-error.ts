/** A tool's refusal: its message is printed as it is, and the tool exits with code 1 (server/cli/open-for-cli.ts). */
export class CliError extends Error {}
