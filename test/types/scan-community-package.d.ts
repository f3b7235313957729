/**
 * Types for the part of n8n's community-package scanner the release tests call
 * (@n8n/scan-community-package ships plain ESM without declarations). From
 * scanner/scanner.mjs of the version package.json pins.
 */
declare module '@n8n/scan-community-package/scanner/scanner.mjs' {
	export interface AnalysisResult {
		passed: boolean;
		/** Why it failed, or that there was nothing to analyze. */
		message?: string;
		/** ESLint's `stylish` report of the violations, when there are some. */
		details?: string;
		/** The error that stopped the analysis, when one did. */
		error?: unknown;
	}

	/** Lints the files of `packageDir` matching `filePatterns` with the scanner's rules. */
	export function analyzePackage(
		packageDir: string,
		filePatterns?: string[],
	): Promise<AnalysisResult>;
}
