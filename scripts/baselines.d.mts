export declare const BASELINE_DIR: string
export declare const baselineName: (name: string) => string
export declare const baselineFile: (root: string, storiesFile: string, storyName: string) => string
