import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, readFileSync, type WriteStream } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../support'

/** What one desk process wrote to its log at warning level and above, and how its runs ended. */
export interface ProcessRecord {
  starts: number
  /** Exits the run did not ask for (crashes), with their codes or signals. */
  unexpectedExits: string[]
}

/**
 * One desk process, run as a child (`bench/multi-process/server.ts` under tsx) and started again as
 * often as the run asks. Its output goes to `log` (pino's JSON lines); `onPort` hears the port it
 * listens on after each start, and null when it stops. An exit the run did not ask for is recorded,
 * and the process is started again after a second, as a supervisor would.
 */
export class DeskProcess {
  readonly record: ProcessRecord = { starts: 0, unexpectedExits: [] }
  readonly log: string
  private child: ChildProcess | undefined
  private expectingExit = false
  private stream: WriteStream
  private closed = false

  constructor(
    readonly name: string,
    private readonly env: NodeJS.ProcessEnv,
    logDir: string,
    private readonly onPort: (port: number | null) => void,
    private readonly onNews: (news: string) => void,
  ) {
    this.log = join(logDir, `${name.replace(/\W+/g, '-')}.log`)
    this.stream = createWriteStream(this.log, { flags: 'a' })
  }

  get pid() {
    return this.child?.pid
  }

  get running() {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null)
  }

  /** Starts the process and resolves once it listens (rejects if it exits first or takes over 60 s). */
  start(): Promise<void> {
    this.expectingExit = false
    this.record.starts++
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/multi-process/server.ts')], {
      cwd: repoRoot,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    child.stdout!.pipe(this.stream, { end: false })
    child.stderr!.pipe(this.stream, { end: false })
    const listening = new Promise<void>((resolve, reject) => {
      let output = ''
      let announced = false
      const timer = setTimeout(() => reject(new Error(`${this.name} did not start within 60 s`)), 60_000)
      child.stdout!.on('data', (chunk: Buffer) => {
        if (announced) return
        output = (output + chunk.toString('utf8')).slice(-10_000)
        const match = /running at http:\/\/[^:\s]+:(\d+)/.exec(output)
        if (!match) return
        announced = true
        clearTimeout(timer)
        this.onPort(Number(match[1]))
        resolve()
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`${this.name} exited while starting (${signal ?? code}); see ${this.log}`))
      })
    })
    child.once('exit', (code, signal) => {
      this.onPort(null)
      if (this.expectingExit || this.closed) return
      const how = signal ?? `code ${code}`
      this.record.unexpectedExits.push(how)
      this.onNews(`${this.name} exited by itself (${how}); started again`)
      setTimeout(() => {
        if (!this.closed && !this.running) this.start().catch((error) => this.onNews(String(error)))
      }, 1000)
    })
    return listening
  }

  /** Sends `signal` and resolves when the process is gone (SIGKILL after 15 s). */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.child
    if (!child || !this.running) return
    this.expectingExit = true
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill(signal)
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(force)
  }

  /** Kills the process at once, whatever it is doing; for the exit handler (no waiting there). */
  killNow() {
    this.closed = true
    if (this.running) this.child?.kill('SIGKILL')
  }

  async close() {
    this.closed = true
    await this.stop('SIGKILL')
    await new Promise<void>((resolve) => this.stream.end(() => resolve()))
  }

  /** Log lines at warning level (40) and error level (50 and above), and a few distinct error messages. */
  logSummary() {
    let warnings = 0
    let errors = 0
    const messages = new Map<string, number>()
    let text = ''
    try {
      text = readFileSync(this.log, 'utf8')
    } catch {
      return { warnings, errors, messages }
    }
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) {
        // Anything else on the output (a stack trace, a crash) counts as an error line once per block.
        if (/error/i.test(line) && !line.startsWith(' ')) {
          errors++
          messages.set(line.slice(0, 120), (messages.get(line.slice(0, 120)) ?? 0) + 1)
        }
        continue
      }
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } }
        if ((entry.level ?? 0) >= 50) {
          errors++
          const message = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`.slice(0, 120)
          messages.set(message, (messages.get(message) ?? 0) + 1)
        } else if ((entry.level ?? 0) >= 40) warnings++
      } catch {
        // A line cut short by a kill.
      }
    }
    return { warnings, errors, messages }
  }
}
