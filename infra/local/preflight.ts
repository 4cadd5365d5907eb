import { spawnSync } from 'node:child_process';

/** The lowest Node.js the product runs on (package.json `engines`). */
const NODE_MINIMUM = [20, 19] as const;
const JAVA_MINIMUM = 17;

/** What is wrong with this Node.js, in words a new user can act on, or undefined. */
export function nodeProblem(version = process.versions.node): string | undefined {
  const [major, minor] = version.split('.').map(Number);
  const [needMajor, needMinor] = NODE_MINIMUM;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `Node.js ${needMajor}.${needMinor} or newer is needed (this is ${version}).`;
}

/**
 * What is wrong with the machine's Java (DynamoDB Local runs on it), or undefined. `env` is the
 * environment the emulator will be started with: its PATH decides which `java` runs.
 */
export function javaProblem(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8', env });
  if (java.error) {
    return `Java ${JAVA_MINIMUM} or newer is needed for DynamoDB Local and was not found on the PATH. Install it (Debian: apt-get install -y openjdk-17-jdk-headless).`;
  }
  // `java -version` prints e.g. `openjdk version "17.0.15"` (or "1.8.0_402" for Java 8) on stderr.
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${java.stderr}${java.stdout}`);
  const version = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : undefined;
  if (version !== undefined && version < JAVA_MINIMUM)
    return `Java ${JAVA_MINIMUM} or newer is needed for DynamoDB Local (found Java ${version}).`;
  return undefined;
}

/** Everything the machine lacks to run the local cloud (`npm start` and the tests' global setup both ask). */
export function machineProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  return [nodeProblem(), javaProblem(env)].filter((problem): problem is string => Boolean(problem));
}
