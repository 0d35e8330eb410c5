import { pcm16ToFloat32 } from './pcm';

/**
 * Plays PCM chunks as they arrive through the Web Audio API: each chunk becomes a buffer scheduled right
 * after the previous one, so playback is gapless while later chunks are still on their way.
 */
export class PcmPlayer {
  private readonly context: AudioContext | undefined;
  private nextStart = 0;
  private readonly sources: AudioBufferSourceNode[] = [];

  /** Create it inside the click handler: browsers only let a user gesture start audio. */
  constructor() {
    const Context = globalThis.AudioContext as typeof AudioContext | undefined;
    this.context = Context ? new Context() : undefined;
    void this.context?.resume().catch(() => undefined);
  }

  play(bytes: Uint8Array, sampleRate: number, channels: number) {
    const context = this.context;
    if (!context) return;
    const data = pcm16ToFloat32(bytes, channels);
    const frames = data[0]?.length ?? 0;
    if (frames === 0) return;
    const buffer = context.createBuffer(channels, frames, sampleRate);
    data.forEach((samples, channel) => buffer.copyToChannel(samples as Float32Array<ArrayBuffer>, channel));
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    // A small lead on the first chunk absorbs jitter between chunks.
    this.nextStart = Math.max(this.nextStart, context.currentTime + 0.05);
    source.start(this.nextStart);
    this.nextStart += buffer.duration;
    this.sources.push(source);
  }

  stop() {
    for (const source of this.sources.splice(0)) {
      try {
        source.stop();
      } catch {
        // Already finished.
      }
    }
    void this.context?.close().catch(() => undefined);
  }
}
