// The parts of node-media-server 4 the RTMP ingest uses (it ships JavaScript without typings).

declare module "node-media-server/src/core/logger.js" {
  const logger: {
    level: string;
    log(message: string, level?: string): void;
  };
  export default logger;
}

declare module "node-media-server/src/core/context.js" {
  import type { EventEmitter } from "node:events";
  const Context: {
    config: { auth?: { play?: boolean; publish?: boolean; secret?: string } };
    sessions: Map<string, unknown>;
    eventEmitter: EventEmitter;
  };
  export default Context;
}

declare module "node-media-server/src/session/base_session.js" {
  export default class BaseSession {
    id: string;
    ip: string;
    protocol: string;
    streamApp: string;
    streamName: string;
    streamPath: string;
    videoWidth: number;
    videoHeight: number;
    audioCodec: number;
    inBytes: number;
    sendBuffer: (buffer: Buffer) => void;
    close: () => void;
  }
}

declare module "node-media-server/src/server/broadcast_server.js" {
  import type BaseSession from "node-media-server/src/session/base_session.js";
  export default class BroadcastServer {
    publisher: BaseSession | null;
    publishGraceMs: number;
    flvVideoHeader: Buffer | null;
    flvAudioHeader: Buffer | null;
    postPlay(session: BaseSession): string | null;
    donePlay(session: BaseSession): void;
    /** "reconnecting": its publisher dropped and the grace runs. */
    getPublishStatus(): "publishing" | "reconnecting" | "idle";
    /** End the publish now (the grace too): emits donePublish. */
    _finishPublish(): void;
  }
}

declare module "node-media-server/src/session/rtmp_session.js" {
  import type { Socket } from "node:net";
  import BaseSession from "node-media-server/src/session/base_session.js";
  import type BroadcastServer from "node-media-server/src/server/broadcast_server.js";
  export default class RtmpSession extends BaseSession {
    constructor(socket: Socket);
    socket: Socket;
    broadcast: BroadcastServer;
    run(): void;
  }
}
