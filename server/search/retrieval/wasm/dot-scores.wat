;; Dot products of one query vector with every row of a row-major float32 matrix, four lanes at a
;; time (WebAssembly SIMD). Source of dot-scores.wasm.ts; regenerate with `npm run build:wasm`.
;;
;; dots(matrix, rows, query, dimBytes, out): out[r] = sum_d matrix[r][d] * query[d]
;; All arguments are byte offsets into the imported memory (sized by the caller) except rows; dimBytes is a multiple of 64.
;; Four accumulators per row keep the adds independent; the lanes are summed in a fixed order so the
;; result is the same on every run.
(module
  (import "env" "memory" (memory 1))
  (func (export "dots") (param $m i32) (param $rows i32) (param $q i32) (param $dimBytes i32) (param $out i32)
    (local $end i32) (local $d i32) (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $s v128)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $rows) (i32.const 2))))
    (block $rowsDone
      (loop $row
        (br_if $rowsDone (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $a0 (v128.const f32x4 0 0 0 0))
        (local.set $a1 (v128.const f32x4 0 0 0 0))
        (local.set $a2 (v128.const f32x4 0 0 0 0))
        (local.set $a3 (v128.const f32x4 0 0 0 0))
        (local.set $d (i32.const 0))
        (loop $dim
          (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul
            (v128.load offset=0 (i32.add (local.get $m) (local.get $d)))
            (v128.load offset=0 (i32.add (local.get $q) (local.get $d))))))
          (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul
            (v128.load offset=16 (i32.add (local.get $m) (local.get $d)))
            (v128.load offset=16 (i32.add (local.get $q) (local.get $d))))))
          (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul
            (v128.load offset=32 (i32.add (local.get $m) (local.get $d)))
            (v128.load offset=32 (i32.add (local.get $q) (local.get $d))))))
          (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul
            (v128.load offset=48 (i32.add (local.get $m) (local.get $d)))
            (v128.load offset=48 (i32.add (local.get $q) (local.get $d))))))
          (local.set $d (i32.add (local.get $d) (i32.const 64)))
          (br_if $dim (i32.lt_u (local.get $d) (local.get $dimBytes))))
        (local.set $s (f32x4.add (f32x4.add (local.get $a0) (local.get $a1)) (f32x4.add (local.get $a2) (local.get $a3))))
        (f32.store (local.get $out)
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $s)) (f32x4.extract_lane 1 (local.get $s)))
            (f32.add (f32x4.extract_lane 2 (local.get $s)) (f32x4.extract_lane 3 (local.get $s)))))
        (local.set $m (i32.add (local.get $m) (local.get $dimBytes)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $row)))))
