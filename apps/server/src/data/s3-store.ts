import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { ERROR_MESSAGES } from "@office/core";
import { AppError } from "../http/app-error.js";
import type { FileStore } from "./file-store.js";

/**
 * Where an S3-compatible bucket is (UPLOAD_STORE=s3): the bucket, a prefix for this company's
 * keys, and for a store other than Amazon's its endpoint (path-style addresses, as MinIO,
 * Ceph and Garage take them). Credentials come from the AWS SDK's usual places
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
export interface S3Place {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

type Sdk = typeof import("@aws-sdk/client-s3");

/** A bucket's objects by upload id, under the place's prefix. */
export interface Bucket {
  /** Sends the file `path` as the upload's object, then removes it. */
  put(uploadID: string, path: string): Promise<void>;
  /** The upload's object as it is read, or none where the bucket has none. */
  get(uploadID: string): Promise<Readable | undefined>;
}

/** The bucket at `place`. The SDK is loaded only by a process that uses one. */
export function bucket(place: S3Place): Bucket {
  let client: Promise<[S3Client, Sdk]> | undefined;
  const connect = () => {
    client ??= import("@aws-sdk/client-s3").then((sdk) => [
      new sdk.S3Client({
        region: place.region,
        ...(place.endpoint ? { endpoint: place.endpoint, forcePathStyle: true } : {}),
        ...(place.credentials ? { credentials: place.credentials } : {}),
        // Checksums only where S3 requires them: the stores compatible with S3 that predate the
        // SDK's default CRC32 trailers (early 2025) refuse them.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
      sdk,
    ]);
    return client;
  };
  const object = (uploadID: string) => ({ Bucket: place.bucket, Key: `${place.prefix}${uploadID}` });
  return {
    async put(uploadID, path) {
      const [s3, sdk] = await connect();
      const { size } = await stat(path);
      const body = createReadStream(path);
      await unavailableOnFailure(
        s3.send(new sdk.PutObjectCommand({ ...object(uploadID), Body: body, ContentLength: size })),
      );
      await rm(path, { force: true });
    },
    async get(uploadID) {
      const [s3, sdk] = await connect();
      const answer = s3.send(new sdk.GetObjectCommand(object(uploadID))).then(
        (found) => found.Body as Readable,
        (error: { name?: string }) => {
          if (error.name === "NoSuchKey") return undefined;
          throw error;
        },
      );
      return unavailableOnFailure(answer);
    },
  };
}

/**
 * Files kept as objects of a bucket, one per upload, named by its id: every process and
 * machine reads what any received. A file is received into `dir` first (checked as it arrives,
 * as for the other stores) and sent to the bucket inside the transaction that records it, so
 * a failed send keeps no row; a commit that fails after the send leaves an object no row names,
 * which nobody can ask for.
 */
export function s3Store(place: S3Place, dir: string): FileStore {
  const objects = bucket(place);
  return {
    kind: "s3",
    dir,
    keep: (_tx, uploadID, partial) => objects.put(uploadID, partial),
    open: (_db, uploadID) => objects.get(uploadID),
  };
}

/**
 * The bucket's failures as the API says them, the SDK's error their cause: a store that is
 * full 507, as a full disk; any other (unreachable, refused, slowed down) 503.
 */
async function unavailableOnFailure<T>(sent: Promise<T>): Promise<T> {
  try {
    return await sent;
  } catch (error) {
    const full = /StorageFull|QuotaExceeded/i.test((error as { name?: string }).name ?? "");
    const failure = full ? new AppError(507, ERROR_MESSAGES.storageFull) : AppError.unavailable();
    throw Object.assign(failure, { cause: error });
  }
}
