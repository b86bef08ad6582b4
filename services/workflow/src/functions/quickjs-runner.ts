import type { FunctionRunStatus } from '@platform/contracts';
import {
  newQuickJSWASMModule,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten';

// Runs one function call in QuickJS compiled to WebAssembly (quickjs-emscripten): a separate
// JavaScript engine with its own heap, so user code sees no Node globals, no require, no file
// system, process or network — only what is handed in here (its arguments and a console). Each
// call gets its own WebAssembly instance (about 12 ms), so even an engine abort cannot reach the
// next call, and a runtime with a memory limit, a stack limit and a deadline enforced by QuickJS's
// interrupt handler. sandbox.ts runs this in a worker thread that it can also terminate.

export interface SandboxLimits {
  timeoutMs: number;
  memoryBytes: number;
}

export interface SandboxCall {
  /** Script source that defines the entry function at top level. */
  code: string;
  /** Name of the function to call (a JavaScript identifier). */
  entry: string;
  /** Positional arguments (JSON values). */
  args: unknown[];
}

export interface SandboxOutcome {
  status: FunctionRunStatus;
  result?: unknown;
  error?: string;
  logs: string[];
  elapsedMs: number;
}

// Below what the host thread's own stack allows for the interpreter's frames, so deep recursion
// ends in QuickJS's "stack overflow" rather than in V8's.
const STACK_BYTES = 200 * 1024;
const JOBS_PER_BATCH = 1000;
const MAX_LOG_LINES = 200;
const MAX_LOG_CHARS = 20_000;
const MAX_RESULT_CHARS = 1_000_000;
const ENTRY = /^[A-Za-z_$][\w$]*$/;

class RunError extends Error {
  constructor(
    readonly status: FunctionRunStatus,
    message: string,
  ) {
    super(message);
  }
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function installConsole(context: QuickJSContext, logs: string[]): void {
  let chars = 0;
  const consoleHandle = context.newObject();
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
    const fn = context.newFunction(level, (...args: QuickJSHandle[]) => {
      if (logs.length >= MAX_LOG_LINES || chars >= MAX_LOG_CHARS) return;
      const line = args.map((arg) => text(context.dump(arg))).join(' ');
      const kept = line.slice(0, MAX_LOG_CHARS - chars);
      chars += kept.length;
      logs.push(level === 'log' ? kept : `[${level}] ${kept}`);
    });
    context.setProp(consoleHandle, level, fn);
    fn.dispose();
  }
  context.setProp(context.global, 'console', consoleHandle);
  consoleHandle.dispose();
}

/** Turns an error thrown inside QuickJS into a run status and a message. */
function failure(context: QuickJSContext, errorHandle: QuickJSHandle): RunError {
  const error = context.dump(errorHandle) as { name?: string; message?: string } | string;
  errorHandle.dispose();
  const name = typeof error === 'object' && error ? (error.name ?? 'Error') : 'Error';
  const message = typeof error === 'object' && error ? (error.message ?? '') : String(error);
  if (name === 'InternalError' && message === 'interrupted') {
    return new RunError('timeout', message);
  }
  if (name === 'InternalError' && /out of memory/i.test(message)) {
    return new RunError('memory', message);
  }
  return new RunError('error', `${name}: ${message}`);
}

function evaluate(context: QuickJSContext, code: string, file: string): QuickJSHandle {
  const result = context.evalCode(code, file);
  if (result.error) throw failure(context, result.error);
  return result.value;
}

/** Runs queued jobs in batches until the promise settles or the deadline passes. */
function settle(
  runtime: QuickJSRuntime,
  context: QuickJSContext,
  promise: QuickJSHandle,
  deadline: number,
) {
  for (;;) {
    const state = context.getPromiseState(promise);
    if (state.type === 'fulfilled') {
      if (state.notAPromise) return promise;
      promise.dispose();
      return state.value;
    }
    if (state.type === 'rejected') {
      promise.dispose();
      throw failure(context, state.error);
    }
    if (Date.now() >= deadline) throw new RunError('timeout', 'interrupted');
    const jobs = runtime.executePendingJobs(JOBS_PER_BATCH);
    if (jobs.error) throw failure(context, jobs.error);
    if (jobs.value === 0) throw new RunError('error', 'Error: the returned promise never settles');
  }
}

function invoke(
  runtime: QuickJSRuntime,
  context: QuickJSContext,
  call: SandboxCall,
  deadline: number,
): unknown {
  evaluate(context, call.code, 'function.js').dispose();
  const argsHandle = context.newString(JSON.stringify(call.args));
  context.setProp(context.global, '__sandboxArgs', argsHandle);
  argsHandle.dispose();
  const caller = `(() => {
    const args = JSON.parse(globalThis.__sandboxArgs);
    delete globalThis.__sandboxArgs;
    if (typeof ${call.entry} !== 'function') throw new ReferenceError('${call.entry} is not a function defined by the code');
    return ${call.entry}(...args);
  })()`;
  const value = settle(runtime, context, evaluate(context, caller, 'call.js'), deadline);
  const result = context.dump(value);
  value.dispose();
  const size = result === undefined ? 0 : (JSON.stringify(result)?.length ?? 0);
  if (size > MAX_RESULT_CHARS) throw new RunError('error', 'Error: the result is too large');
  return result;
}

/**
 * Frees the runtime. QuickJS asserts when objects are still alive (after a stack overflow, for
 * one), which aborts its WebAssembly instance; that instance is this call's alone and is dropped.
 */
function disposeQuietly(context: QuickJSContext, runtime: QuickJSRuntime): void {
  try {
    context.dispose();
    runtime.dispose();
  } catch {
    // the instance is garbage now; nothing else uses it
  }
}

/** Calls `entry(...args)` of the code in a fresh QuickJS runtime within the limits. */
export async function runInQuickJs(
  call: SandboxCall,
  limits: SandboxLimits,
): Promise<SandboxOutcome> {
  if (!ENTRY.test(call.entry)) throw new Error(`not an identifier: ${call.entry}`);
  const quickjs = await newQuickJSWASMModule();
  const started = performance.now();
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  const deadline = Date.now() + limits.timeoutMs;
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
  const context = runtime.newContext();
  const logs: string[] = [];
  const elapsed = () => Math.round(performance.now() - started);
  try {
    installConsole(context, logs);
    const result = invoke(runtime, context, call, deadline);
    return { status: 'success', result, logs, elapsedMs: elapsed() };
  } catch (error) {
    // Anything else escaped the interpreter (the host's own stack, an engine abort): the
    // instance is private to this call, so the run fails and nothing else is affected.
    const { status, message } =
      error instanceof RunError
        ? error
        : { status: 'error' as const, message: `InternalError: ${(error as Error).message}` };
    // QuickJS's interrupt can land inside its promise machinery, where it surfaces as another
    // error (an endless chain of awaits, under load, ended in "TypeError: not a function" about one
    // call in twenty): an error once the deadline has passed is the deadline's.
    if (status === 'error' && Date.now() > deadline) {
      return { status: 'timeout', error: 'interrupted', logs, elapsedMs: elapsed() };
    }
    return { status, error: message, logs, elapsedMs: elapsed() };
  } finally {
    disposeQuietly(context, runtime);
  }
}
