/** A farm's daily log and its photos. */
export const FARM_LOG_MESSAGES = {
  dateFormat: "Give the date as YYYY-MM-DD.",
  dateFuture: "The log date cannot be in the future.",
  eggsForEggBatches: "Eggs collected are recorded for egg batches only.",
  weightForChickenBatches: "Average weight is recorded for chicken batches only.",
  eggsAboveBirds: "Eggs collected cannot be more than birds alive (a hen lays at most one egg a day).",
  incidentDescription: "Describe the incident.",
  duplicate: (date: string, batchId: number) => `Batch #${batchId} already has a log for ${date}.`,
  notImage: (name: string) => `${name} is not a JPEG or PNG image.`,
  tooLarge: (name: string) => `${name} is larger than 2 MB.`,
  tooMany: (max: number) => `Attach at most ${max} photos.`,
  tooManyForLog: (room: number) => (room > 0 ? `This log has room for ${room} more photo${room === 1 ? "" : "s"}.` : "This log already has all the photos it can keep."),
} as const;
