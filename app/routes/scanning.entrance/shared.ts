// What the kiosk's route module (route.tsx) and its steps share: the URL, the input caps, the types.
import type { useLoaderData } from "@remix-run/react";
import type { loader } from "./route";

export const PATH = "/scanning/entrance";
export const ROUND_NAME_MAX = 100;
export const LANE_MAX = 10;
export const scanUrl = (roundId: number, teamId: number) => `${PATH}?roundId=${roundId}&teamId=${teamId}`;

export type Message = { text: string; error: boolean };
export type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
export type ScanData = Extract<LoaderData, { step: "scan" }>;
