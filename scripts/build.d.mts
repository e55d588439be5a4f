// The types of scripts/build.mjs's one export the gateway's sources use (src/features/console/bundle.ts).
export interface ConsoleFile {
  name: string;
  ext: 'js' | 'css';
  body: Buffer;
}
export function consoleOutput(root?: string): Promise<ConsoleFile[]>;
