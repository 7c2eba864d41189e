export function isListening(port: number): Promise<boolean>;
export function descendants(pid: number): number[];
export function alive(pid: number): boolean;
