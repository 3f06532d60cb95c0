<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>QObject</name>
    <message>
        <source>Sinusoidal clock hands at position p = %1
each pair i turns by w_i per position: (cos p w_i, sin p w_i)</source>
        <translation>正弦位置编码的时钟指针，位置 p = %1
每个维度对 i 每前进一个位置转过 w_i：(cos p w_i, sin p w_i)</translation>
    </message>
    <message>
        <source>RoPE pair %1 turns by θ = %2 rad per position
q at m = %3, k at n = m − %4 = %5</source>
        <translation>RoPE 维度对 %1 每个位置转过 θ = %2 弧度
q 在 m = %3，k 在 n = m − %4 = %5</translation>
    </message>
    <message>
        <source>angle between q and k = %1 rad, the same at every m (only m − n matters)
this pair&apos;s part of q·k = |q| |k| cos(angle) = %2</source>
        <translation>q 与 k 的夹角 = %1 弧度，对每个 m 都相同（只有 m − n 起作用）
这个维度对在 q·k 中的贡献 = |q| |k| cos(夹角) = %2</translation>
    </message>
    <message>
        <source>pair %1  λ = %2</source>
        <translation>维度对 %1  λ = %2</translation>
    </message>
    <message>
        <source>q at m</source>
        <translation>q 在 m</translation>
    </message>
    <message>
        <source>k at n</source>
        <translation>k 在 n</translation>
    </message>
    <message>
        <source>frames: need first &lt;= last and a step &gt; 0 (got %1 .. %2 by %3)</source>
        <translation>帧：需要 first &lt;= last 且步长 &gt; 0（收到 %1 .. %2，步长 %3）</translation>
    </message>
    <message>
        <source>frames: %1 frames is too many (at most 100000)</source>
        <translation>帧：%1 帧太多（最多 100000）</translation>
    </message>
    <message>
        <source>frames: size %1 x %2 must be 16 .. 8192 pixels a side</source>
        <translation>帧：尺寸 %1 x %2 的每边必须为 16 .. 8192 像素</translation>
    </message>
    <message>
        <source>frames: cannot create the folder %1</source>
        <translation>帧：无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>frames: cannot write %1: %2</source>
        <translation>帧：无法写入 %1：%2</translation>
    </message>
    <message>
        <source>q and k: random stand-in weights, seed %1</source>
        <translation>q 与 k：随机替代权重，种子 %1</translation>
    </message>
</context>
<context>
    <name>posenc::Message</name>
    <message>
        <source>&quot;__metadata__&quot; is not an object of strings</source>
        <translation>&quot;__metadata__&quot; 不是值均为字符串的对象</translation>
    </message>
    <message>
        <source>&quot;__metadata__&quot; value of &apos;%1&apos; is not a string</source>
        <translation>&quot;__metadata__&quot; 中 &apos;%1&apos; 的值不是字符串</translation>
    </message>
    <message>
        <source>&quot;data_offsets&quot; is not [begin, end] with begin &lt;= end</source>
        <translation>&quot;data_offsets&quot; 不是满足 begin &lt;= end 的 [begin, end]</translation>
    </message>
    <message>
        <source>&quot;shape&quot; holds something other than whole numbers &gt;= 0</source>
        <translation>&quot;shape&quot; 中含有不是 &gt;= 0 整数的值</translation>
    </message>
    <message>
        <source>%1 = %2: must be %3</source>
        <translation>%1 = %2：应为%3</translation>
    </message>
    <message>
        <source>%1 dimensions; GGUF tensors have at most 4</source>
        <translation>%1 个维度；GGUF 张量最多 4 个维度</translation>
    </message>
    <message>
        <source>%1 needs %2, more than the memory budget of %3 (%4); ask for less (a smaller length, region or picture) or raise the budget with --memory-budget SIZE or %5</source>
        <translation>%1 需要 %2，超过了内存预算 %3（%4）；请减少请求（更小的长度、区域或图片），或用 --memory-budget SIZE 或 %5 提高预算</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>%1 positive numbers (one per rotated pair, d_rot/2)</source>
        <translation>%1 个正数（每个旋转维度对一个，共 d_rot/2 个）</translation>
    </message>
    <message>
        <source>%1 positive numbers (one per rotated pair, d_rot/2), not %2 numbers</source>
        <translation>%1 个正数（每个旋转维度对一个，共 d_rot/2 个），而不是 %2 个数</translation>
    </message>
    <message>
        <source>%1 positive numbers with scaling longrope (both lists are needed)</source>
        <translation>scaling 为 longrope 时需要 %1 个正数（两个列表都要给出）</translation>
    </message>
    <message>
        <source>%1 tensors cannot be drawn: only F32, F16, BF16 and F64 are read</source>
        <translation>无法绘制 %1 张量：只读取 F32、F16、BF16 和 F64</translation>
    </message>
    <message>
        <source>%1 view &apos;%2&apos; at %3 x %4 cells</source>
        <translation>%1 的视图 &apos;%2&apos;（%3 x %4 个单元格）</translation>
    </message>
    <message>
        <source>%1 view &apos;%2&apos; at %3 x %4 cells (%5 of values)</source>
        <translation>%1 的视图 &apos;%2&apos;（%3 x %4 个单元格，数值共 %5）</translation>
    </message>
    <message>
        <source>%1, %2, %3 or %4</source>
        <translation>%1、%2、%3 或 %4</translation>
    </message>
    <message>
        <source>%1, not %2</source>
        <translation>%1，而不是 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; holds NaN or infinite values; a position table must be finite</source>
        <translation>&apos;%1&apos; 含有 NaN 或无穷大值；位置表中的值必须有限</translation>
    </message>
    <message>
        <source>&apos;descr&apos; is a list: structured arrays cannot be read</source>
        <translation>&apos;descr&apos; 是列表：无法读取结构化数组</translation>
    </message>
    <message>
        <source>&apos;fortran_order&apos; is not True or False</source>
        <translation>&apos;fortran_order&apos; 不是 True 或 False</translation>
    </message>
    <message>
        <source>&apos;shape&apos; has more than 32 dimensions</source>
        <translation>&apos;shape&apos; 超过 32 维</translation>
    </message>
    <message>
        <source>&apos;shape&apos; is not a tuple of whole numbers</source>
        <translation>&apos;shape&apos; 不是由整数组成的元组</translation>
    </message>
    <message>
        <source>.npy format version %1.%2 is not one of 1.0, 2.0, 3.0</source>
        <translation>.npy 格式版本 %1.%2 不是 1.0、2.0、3.0 之一</translation>
    </message>
    <message>
        <source>0 .. %1</source>
        <translation>0 .. %1</translation>
    </message>
    <message>
        <source>GGUF version %1 is not read (versions 2 and 3 are)</source>
        <translation>不读取 GGUF 第 %1 版（可读取第 2 版和第 3 版）</translation>
    </message>
    <message>
        <source>GGUF version 1 is not read (versions 2 and 3 are; llama.cpp no longer reads version 1 either)</source>
        <translation>不读取 GGUF 第 1 版（可读取第 2 版和第 3 版；llama.cpp 也已不再读取第 1 版）</translation>
    </message>
    <message>
        <source>a .npy file holds one array; leave out the name &apos;:%1&apos;</source>
        <translation>.npy 文件只含一个数组；请去掉名称 &apos;:%1&apos;</translation>
    </message>
    <message>
        <source>a bias table of buckets x heads = %1 x %2 (HF relative_attention_bias.weight is [num_buckets, n_heads]); this one is %2 x %1, transposed</source>
        <translation>形状为 buckets x heads = %1 x %2 的偏置表（HF 的 relative_attention_bias.weight 是 [num_buckets, n_heads]）；这个表是 %2 x %1，行列互换了（转置）</translation>
    </message>
    <message>
        <source>a bias table of buckets x heads = %1 x %2 (HF relative_attention_bias.weight is [num_buckets, n_heads]); this one is %3 x %4: set buckets = %3 and heads = %4 as the model&apos;s config.json does (relative_attention_num_buckets, num_heads)</source>
        <translation>形状为 buckets x heads = %1 x %2 的偏置表（HF 的 relative_attention_bias.weight 是 [num_buckets, n_heads]）；这个表是 %3 x %4：请像模型的 config.json 那样设置 buckets = %3、heads = %4（relative_attention_num_buckets、num_heads）</translation>
    </message>
    <message>
        <source>a choice id</source>
        <translation>选项 id</translation>
    </message>
    <message>
        <source>a comma-separated list of at most %1 numbers, each above %2 and at most %3 (empty: not given)</source>
        <translation>用逗号分隔的至多 %1 个数，每个都大于 %2 且不超过 %3（留空表示未给出）</translation>
    </message>
    <message>
        <source>a comma-separated list of at most %1 numbers, each from %2 to %3 (empty: not given)</source>
        <translation>用逗号分隔的至多 %1 个数，每个都在 %2 到 %3 之间（留空表示未给出）</translation>
    </message>
    <message>
        <source>a comma-separated list of numbers, each above %1 and at most %2 (empty: not given)</source>
        <translation>用逗号分隔的一组数，每个都大于 %1 且不超过 %2（留空表示未给出）</translation>
    </message>
    <message>
        <source>a comma-separated list of numbers, each from %1 to %2 (empty: not given)</source>
        <translation>用逗号分隔的一组数，每个都在 %1 到 %2 之间（留空表示未给出）</translation>
    </message>
    <message>
        <source>a dimension of &apos;shape&apos; is too large</source>
        <translation>&apos;shape&apos; 中有一个维度过大</translation>
    </message>
    <message>
        <source>a finite number</source>
        <translation>有限数</translation>
    </message>
    <message>
        <source>a finite number &gt;= 0</source>
        <translation>&gt;= 0 的有限数</translation>
    </message>
    <message>
        <source>a finite number above %1 and at most %2</source>
        <translation>大于 %1 且不超过 %2 的有限数</translation>
    </message>
    <message>
        <source>a finite number from %1 to %2</source>
        <translation>%1 到 %2 之间的有限数</translation>
    </message>
    <message>
        <source>a length the %1 view can draw: it needs every key of a row before any weight is known (softmax), so rows are capped at %2 keys and %3 = %4 is longer; the other views go to %5 positions</source>
        <translation>%1 视图能绘制的长度：softmax 必须先有一行的全部键才能得到任何权重，所以每行最多 %2 个键，而 %3 = %4 超出了；其他视图最多可到 %5 个位置</translation>
    </message>
    <message>
        <source>a line of text</source>
        <translation>一行文本</translation>
    </message>
    <message>
        <source>a line of text of at most %1 bytes without control characters (empty: not given)</source>
        <translation>一行不超过 %1 字节、不含控制字符的文本（留空：未给出）</translation>
    </message>
    <message>
        <source>a list of finite numbers</source>
        <translation>由有限数组成的列表</translation>
    </message>
    <message>
        <source>a list of numbers</source>
        <translation>数值列表</translation>
    </message>
    <message>
        <source>a matrix view (this one is a series)</source>
        <translation>矩阵视图（这个是曲线视图）</translation>
    </message>
    <message>
        <source>a matrix view of %1 (it has none)</source>
        <translation>%1 的矩阵视图（该方案没有矩阵视图）</translation>
    </message>
    <message>
        <source>a matrix view of %1: %2</source>
        <translation>%1 的矩阵视图之一：%2</translation>
    </message>
    <message>
        <source>a multiple of heads (%1)</source>
        <translation>heads（%1）的倍数</translation>
    </message>
    <message>
        <source>a non-empty range inside 0:%1</source>
        <translation>0:%1 内的非空范围</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>a number &gt; 0 (transformers&apos; _validate_*_rope_parameters ask for a float &gt;= 1)</source>
        <translation>&gt; 0 的数（transformers 的 _validate_*_rope_parameters 要求 &gt;= 1 的浮点数）</translation>
    </message>
    <message>
        <source>a number above %1 and at most %2</source>
        <translation>大于 %1 且不超过 %2 的数</translation>
    </message>
    <message>
        <source>a number from %1 to %2</source>
        <translation>%1 到 %2 之间的数</translation>
    </message>
    <message>
        <source>a number from 0 (not given) to 100</source>
        <translation>0（未给出）到 100 之间的数</translation>
    </message>
    <message>
        <source>a number from 0 (the scaling&apos;s own rule) to 100</source>
        <translation>0（按该缩放方式自身的规则）到 100 之间的数</translation>
    </message>
    <message>
        <source>a number from 0.01 (the code&apos;s clamp eps) to %1</source>
        <translation>0.01（代码截断用的 eps）到 %1 之间的数</translation>
    </message>
    <message>
        <source>a number from 0.01 to 2 (the code clamps bias_p to [1e-2, 2]: beyond 2 the kernel is no longer conditionally positive definite)</source>
        <translation>0.01 到 2 之间的数（代码把 bias_p 截断到 [1e-2, 2]：超过 2 时核函数不再是条件正定的）</translation>
    </message>
    <message>
        <source>a parameter of %1: %2</source>
        <translation>%1 的参数之一：%2</translation>
    </message>
    <message>
        <source>a parameter of this scheme</source>
        <translation>本方案的参数</translation>
    </message>
    <message>
        <source>a read of %1 bytes at byte %2 passes its end (%3 bytes)</source>
        <translation>从第 %2 字节起读取 %1 字节会超出文件末尾（文件共 %3 字节）</translation>
    </message>
    <message>
        <source>a safetensors index</source>
        <translation>safetensors 索引</translation>
    </message>
    <message>
        <source>a series view of %1 (it has none)</source>
        <translation>%1 的曲线视图（该方案没有曲线视图）</translation>
    </message>
    <message>
        <source>a series view of %1: %2</source>
        <translation>%1 的曲线视图之一：%2</translation>
    </message>
    <message>
        <source>a share of dim (%1) whose int(dim * f) is even and at least 2 (here %2)</source>
        <translation>dim（%1）的一个比例，使 int(dim * f) 为偶数且至少为 2（此处为 %2）</translation>
    </message>
    <message>
        <source>a share of dim giving d_rot %1</source>
        <translation>dim 的一个比例，使 d_rot 满足：%1</translation>
    </message>
    <message>
        <source>a side whose grid^2 patches and [CLS] fit in max_len (%1) rows</source>
        <translation>一个边长，使 grid^2 个图像块加上 [CLS] 能放进 max_len（%1）行</translation>
    </message>
    <message>
        <source>a size such as 512M, 2G or 1048576: a number of bytes with an optional unit K, M, G or T (powers of 1024), at least 1 byte</source>
        <translation>大小值，如 512M、2G 或 1048576：字节数，可带单位 K、M、G 或 T（1024 的幂），至少 1 字节</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a string is not closed</source>
        <translation>字符串没有闭合</translation>
    </message>
    <message>
        <source>a table of 2 buckets x d_model = %1 x %2 (HF rel_embeddings holds 2 position_buckets rows of hidden_size); this one is %3 x %4: set buckets and d_model as the model&apos;s config.json does (position_buckets, hidden_size)</source>
        <translation>形状为 2 buckets x d_model = %1 x %2 的表（HF 的 rel_embeddings 有 2 position_buckets 行，每行 hidden_size 个值）；这个表是 %3 x %4：请像模型的 config.json 那样设置 buckets 和 d_model（position_buckets、hidden_size）</translation>
    </message>
    <message>
        <source>a table of heads x d_head = %1 x %2 (HF %3 is [n_head, d_head], d_head = d_model / heads); this one is %4 x %5: set heads and d_model as the model&apos;s config.json does (n_head, d_model)</source>
        <translation>形状为 heads x d_head = %1 x %2 的表（HF 的 %3 是 [n_head, d_head]，d_head = d_model / heads）；这个表是 %4 x %5：请像模型的 config.json 那样设置 heads 和 d_model（n_head、d_model）</translation>
    </message>
    <message>
        <source>a table with at least one row and one column</source>
        <translation>至少有一行一列的表</translation>
    </message>
    <message>
        <source>a view of %1: %2</source>
        <translation>%1 的视图之一：%2</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a whole number &gt; 0</source>
        <translation>&gt; 0 的整数</translation>
    </message>
    <message>
        <source>an array file that can be read (%1)</source>
        <translation>可读取的数组文件（%1）</translation>
    </message>
    <message>
        <source>an even integer from %1 to %2</source>
        <translation>%1 到 %2 之间的偶数</translation>
    </message>
    <message>
        <source>an even integer from %1 to %2 (for odd d NeMo&apos;s arange gives ceil(d/2) frequencies against d/2, so the bias is not 0 at distance 0)</source>
        <translation>%1 到 %2 之间的偶数（d 为奇数时，NeMo 的 arange 给出 ceil(d/2) 个频率而不是 d/2 个，于是距离 0 处的偏置不为 0）</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>an integer from %1 to %2</source>
        <translation>%1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>array %1 (%2, %3 values)</source>
        <translation>数组 %1（形状 %2，%3 个值）</translation>
    </message>
    <message>
        <source>array &apos;%1&apos; cannot be read: %2</source>
        <translation>无法读取数组 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>array &apos;%1&apos; expands to more than %2 bytes</source>
        <translation>数组 &apos;%1&apos; 解压后超过 %2 字节</translation>
    </message>
    <message>
        <source>array &apos;%1&apos; is damaged: %2</source>
        <translation>数组 &apos;%1&apos; 已损坏：%2</translation>
    </message>
    <message>
        <source>at least 4 with scaling %1 (its exponent d/(d-2) is undefined for d = 2)</source>
        <translation>使用 %1 缩放时至少为 4（其指数 d/(d-2) 在 d = 2 时无定义）</translation>
    </message>
    <message>
        <source>at least patch_size = %1</source>
        <translation>不小于 patch_size = %1</translation>
    </message>
    <message>
        <source>at most %1 (OPT&apos;s table has max_position_embeddings + 2 rows; max_len is at most %2)</source>
        <translation>不超过 %1（OPT 的表有 max_position_embeddings + 2 行；max_len 最多为 %2）</translation>
    </message>
    <message>
        <source>at most %1 (max_len, the rows of the table)</source>
        <translation>不超过 %1（max_len，即表的行数）</translation>
    </message>
    <message>
        <source>at most %1 for the invariance view at these scale_base and gamma: it forms each q′ and k′, whose scale ζ₀^(±length/(2 scale_base)) leaves the range of a double beyond that (the scores view has no limit)</source>
        <translation>不超过 %1（在当前 scale_base 和 gamma 下 invariance 视图的上限）：该视图要算出每个 q′ 和 k′，长度再大时它们的缩放 ζ₀^(±length/(2 scale_base)) 会超出 double 的范围（scores 视图没有此限制）</translation>
    </message>
    <message>
        <source>at most a %1 x %1 grid of patch_size = %2 patches (image_size / patch_size &lt;= %1: max_len = grid^2 + 1 is at most %3 rows)</source>
        <translation>不超过 %1 x %1 个图像块（patch_size = %2）的网格（image_size / patch_size &lt;= %1：max_len = grid^2 + 1 最多为 %3 行）</translation>
    </message>
    <message>
        <source>at most max_len (%1) when overflow = error; choose overflow = clamp or repeat to look past the table</source>
        <translation>overflow = error 时不超过 max_len（%1）；要查看表之外的位置，请选择 overflow = clamp 或 repeat</translation>
    </message>
    <message>
        <source>at most max_len - offset (%1) when overflow = error; choose overflow = clamp or repeat to look past the table</source>
        <translation>overflow = error 时不超过 max_len - offset（%1）；要查看表之外的位置，请选择 overflow = clamp 或 repeat</translation>
    </message>
    <message>
        <source>at most the memory budget of %1</source>
        <translation>不超过内存预算 %1</translation>
    </message>
    <message>
        <source>big-endian GGUF is not supported (its version, %1, is written in big-endian byte order): only little-endian GGUF files are read</source>
        <translation>不支持大端序 GGUF（其版本号 %1 以大端字节序写入）：只读取小端序 GGUF 文件</translation>
    </message>
    <message>
        <source>cannot be opened: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>cannot be read as a zip: %1</source>
        <translation>无法作为 zip 读取：%1</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>changed while it was read (it was %1 bytes when opened, now ends at %2)</source>
        <translation>在读取过程中被修改（打开时为 %1 字节，现在结束于第 %2 字节）</translation>
    </message>
    <message>
        <source>claims %1 key-value pairs and %2 tensors, more than the %3 bytes after its header can hold</source>
        <translation>声称有 %1 个键值对和 %2 个张量，超出了文件头之后的 %3 字节所能容纳的数量</translation>
    </message>
    <message>
        <source>dtype %1 is not a float type (F16, BF16, F32 or F64 can be read)</source>
        <translation>dtype %1 不是浮点类型（可读取 F16、BF16、F32 或 F64）</translation>
    </message>
    <message>
        <source>dtype &apos;%1&apos; is not a float type (float16, float32 or float64, either byte order, can be read)</source>
        <translation>dtype &apos;%1&apos; 不是浮点类型（可读取 float16、float32 或 float64，字节序不限）</translation>
    </message>
    <message>
        <source>ends inside %1 (a truncated file?): %2 bytes are needed at byte %3, it has %4</source>
        <translation>在%1中途结束（文件被截断？）：第 %3 字节处需要 %2 字节，而文件只有 %4 字节</translation>
    </message>
    <message>
        <source>even when positions = sinusoidal (p_i holds d_model/2 sines and d_model/2 cosines)</source>
        <translation>positions = sinusoidal 时为偶数（p_i 含 d_model/2 个正弦和 d_model/2 个余弦）</translation>
    </message>
    <message>
        <source>even when relative = sinusoidal (R_delta holds d_model/2 sines and d_model/2 cosines)</source>
        <translation>relative = sinusoidal 时为偶数（R_delta 含 d_model/2 个正弦和 d_model/2 个余弦）</translation>
    </message>
    <message>
        <source>expected &apos;%1&apos;</source>
        <translation>此处应为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>expected a quoted string</source>
        <translation>此处应为带引号的字符串</translation>
    </message>
    <message>
        <source>false when stack = decoder: the decoder&apos;s self-attention is causal (HF T5Attention: bidirectional = not is_decoder)</source>
        <translation>stack = decoder 时为 false：解码器的自注意力是因果的（HF T5Attention：bidirectional = not is_decoder）</translation>
    </message>
    <message>
        <source>general.alignment is %1; it must be a power of two</source>
        <translation>general.alignment 为 %1；它必须是 2 的幂</translation>
    </message>
    <message>
        <source>general.alignment is %1; it must be uint32</source>
        <translation>general.alignment 为 %1；它必须是 uint32</translation>
    </message>
    <message>
        <source>ggml type %1 is not one ggml knows</source>
        <translation>ggml 类型 %1 不是 ggml 已知的类型</translation>
    </message>
    <message>
        <source>greater than buckets/2 + 1 = %1 (the log bucket divides by log((max_relative_positions - 1) / (buckets/2)), which must be positive)</source>
        <translation>大于 buckets/2 + 1 = %1（对数桶要除以 log((max_relative_positions - 1) / (buckets/2))，它必须为正）</translation>
    </message>
    <message>
        <source>greater than buckets/4 = %1 (T5 bidirectional max_exact)</source>
        <translation>大于 buckets/4 = %1（T5 双向时的 max_exact）</translation>
    </message>
    <message>
        <source>greater than max_exact = %1 (buckets/2 when unidirectional): the log-spaced buckets divide by ln(max_distance / max_exact), which is zero or negative otherwise</source>
        <translation>大于 max_exact = %1（单向时为 buckets/2）：对数间隔的桶要除以 ln(max_distance / max_exact)，否则它为零或负数</translation>
    </message>
    <message>
        <source>greater than max_exact = %1 (buckets/4 when bidirectional): the log-spaced buckets divide by ln(max_distance / max_exact), which is zero or negative otherwise</source>
        <translation>大于 max_exact = %1（双向时为 buckets/4）：对数间隔的桶要除以 ln(max_distance / max_exact)，否则它为零或负数</translation>
    </message>
    <message>
        <source>holds %1 arrays; name one as FILE:NAME (%2)</source>
        <translation>含有 %1 个数组；请用 FILE:NAME 指定其中一个（%2）</translation>
    </message>
    <message>
        <source>holds %1 arrays; name one as FILE:NAME (%2, ... (%1 in all))</source>
        <translation>含有 %1 个数组；请用 FILE:NAME 指定其中一个（%2 等，共 %1 个）</translation>
    </message>
    <message>
        <source>holds no arrays</source>
        <translation>不含任何数组</translation>
    </message>
    <message>
        <source>is %1 bytes: too large for %2 (%3 MiB at most)</source>
        <translation>大小为 %1 字节：作为 %2 过大（最多 %3 MiB）</translation>
    </message>
    <message>
        <source>is %1 bytes: too large for %2 (%3 bytes at most)</source>
        <translation>大小为 %1 字节：作为 %2 过大（最多 %3 字节）</translation>
    </message>
    <message>
        <source>is a FIFO (named pipe), not a regular file</source>
        <translation>是 FIFO（命名管道），不是普通文件</translation>
    </message>
    <message>
        <source>is a block device, not a regular file</source>
        <translation>是块设备，不是普通文件</translation>
    </message>
    <message>
        <source>is a character device, not a regular file</source>
        <translation>是字符设备，不是普通文件</translation>
    </message>
    <message>
        <source>is a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <source>is a socket, not a regular file</source>
        <translation>是套接字，不是普通文件</translation>
    </message>
    <message>
        <source>is a symbolic link loop</source>
        <translation>是循环的符号链接</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>is not an array file we read (.safetensors, model.safetensors.index.json, .npy or .npz)</source>
        <translation>不是本程序能读取的数组文件（.safetensors、model.safetensors.index.json、.npy 或 .npz）</translation>
    </message>
    <message>
        <source>it claims %1 bytes (1 MiB at most)</source>
        <translation>其声明长度为 %1 字节（最多 1 MiB）</translation>
    </message>
    <message>
        <source>it is not a vector of d_model = %1 values</source>
        <translation>它不是含 d_model = %1 个值的向量</translation>
    </message>
    <message>
        <source>its data (%1 bytes at byte %2 of the data section) passes the end of the file (%3 bytes)</source>
        <translation>其数据（数据区第 %2 字节处的 %1 字节）超出了文件末尾（%3 字节）</translation>
    </message>
    <message>
        <source>its data ends at byte %1 but the data section has %2 bytes (a truncated file?)</source>
        <translation>其数据结束于第 %1 字节，但数据区只有 %2 字节（文件被截断？）</translation>
    </message>
    <message>
        <source>its data offset %1 is not a multiple of the alignment %2</source>
        <translation>其数据偏移 %1 不是对齐值 %2 的倍数</translation>
    </message>
    <message>
        <source>its header</source>
        <translation>文件头</translation>
    </message>
    <message>
        <source>its header entry is not an object</source>
        <translation>其文件头条目不是对象</translation>
    </message>
    <message>
        <source>its rows of %1 values are not whole %2 blocks</source>
        <translation>它每行 %1 个值，不是整数个 %2 块</translation>
    </message>
    <message>
        <source>key &apos;%1&apos; holds %2, past the largest signed 64-bit integer</source>
        <translation>键 &apos;%1&apos; 的值为 %2，超出了有符号 64 位整数的最大值</translation>
    </message>
    <message>
        <source>key &apos;%1&apos; is %2, not %3</source>
        <translation>键 &apos;%1&apos; 是 %2，而不是 %3</translation>
    </message>
    <message>
        <source>key &apos;%1&apos; is an array of %2 values: arrays longer than %3 are skipped, not kept</source>
        <translation>键 &apos;%1&apos; 是含 %2 个值的数组：长于 %3 的数组会被跳过，不予保留</translation>
    </message>
    <message>
        <source>key &apos;%1&apos; is an array of arrays, which ggml does not read</source>
        <translation>键 &apos;%1&apos; 是数组的数组，ggml 不读取这种值</translation>
    </message>
    <message>
        <source>key &apos;%1&apos; is given twice</source>
        <translation>键 &apos;%1&apos; 出现了两次</translation>
    </message>
    <message>
        <source>key &apos;%1&apos;: a bool holds %2 (a bool is 0 or 1)</source>
        <translation>键 &apos;%1&apos;：布尔值为 %2（布尔值只能是 0 或 1）</translation>
    </message>
    <message>
        <source>key &apos;%1&apos;: an array of %2 %3 values cannot fit in the %4 bytes left</source>
        <translation>键 &apos;%1&apos;：%2 个 %3 值的数组放不进剩余的 %4 字节</translation>
    </message>
    <message>
        <source>key &apos;%1&apos;: value type %2 is not a GGUF type (0 to 12)</source>
        <translation>键 &apos;%1&apos;：值类型 %2 不是 GGUF 类型（0 到 12）</translation>
    </message>
    <message>
        <source>less than d_rot/2 (%1), d_rot = int(dim * partial_rotary_factor)</source>
        <translation>小于 d_rot/2（%1），d_rot = int(dim * partial_rotary_factor)</translation>
    </message>
    <message>
        <source>less than dim/2 (%1)</source>
        <translation>小于 dim/2（%1）</translation>
    </message>
    <message>
        <source>less than heads (%1)</source>
        <translation>小于 heads（%1）</translation>
    </message>
    <message>
        <source>less than max_len (%1), the table&apos;s rows</source>
        <translation>小于 max_len（%1），即表的行数</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行，第 %2 列</translation>
    </message>
    <message>
        <source>model_type &quot;%1&quot; is not one we can map (supported: %2; or any config with rope_theta or rope_scaling)</source>
        <translation>暂不支持 model_type &quot;%1&quot;（支持：%2；以及任何含 rope_theta 或 rope_scaling 的配置）</translation>
    </message>
    <message>
        <source>model_type &quot;(none)&quot; is not one we can map (supported: %1; or any config with rope_theta or rope_scaling)</source>
        <translation>暂不支持 model_type &quot;(none)&quot;（支持：%1；以及任何含 rope_theta 或 rope_scaling 的配置）</translation>
    </message>
    <message>
        <source>names %1 shards; at most %2 are read (the largest published checkpoints have a few hundred)</source>
        <translation>列出了 %1 个分片；最多读取 %2 个（已发布的最大检查点也只有几百个）</translation>
    </message>
    <message>
        <source>no &quot;data_offsets&quot; pair [begin, end]</source>
        <translation>缺少 &quot;data_offsets&quot; 数对 [begin, end]</translation>
    </message>
    <message>
        <source>no &quot;dtype&quot; string</source>
        <translation>缺少 &quot;dtype&quot; 字符串</translation>
    </message>
    <message>
        <source>no &quot;shape&quot; array</source>
        <translation>缺少 &quot;shape&quot; 数组</translation>
    </message>
    <message>
        <source>no %1 (a whole number) in the config</source>
        <translation>配置中没有 %1（整数）</translation>
    </message>
    <message>
        <source>no array &apos;%1&apos; (it holds %2)</source>
        <translation>没有数组 &apos;%1&apos;（它含有 %2）</translation>
    </message>
    <message>
        <source>no array &apos;%1&apos; (it holds %2, ... (%3 in all))</source>
        <translation>没有数组 &apos;%1&apos;（它含有 %2 等，共 %3 个）</translation>
    </message>
    <message>
        <source>no array &apos;%1&apos; (it holds no arrays)</source>
        <translation>没有数组 &apos;%1&apos;（它不含任何数组）</translation>
    </message>
    <message>
        <source>no file was named</source>
        <translation>未指定文件</translation>
    </message>
    <message>
        <source>no key &apos;%1&apos;</source>
        <translation>没有键 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>no such file (a part of the path is not a folder)</source>
        <translation>文件不存在（路径中有一部分不是文件夹）</translation>
    </message>
    <message>
        <source>no tensor &apos;%1&apos; (it holds %2)</source>
        <translation>没有张量 &apos;%1&apos;（它含有 %2）</translation>
    </message>
    <message>
        <source>no tensor &apos;%1&apos; (it holds %2, ... (%3 in all))</source>
        <translation>没有张量 &apos;%1&apos;（它含有 %2 等，共 %3 个）</translation>
    </message>
    <message>
        <source>no tensor &apos;%1&apos; (the file holds %2 tensors)</source>
        <translation>没有张量 &apos;%1&apos;（该文件有 %2 个张量）</translation>
    </message>
    <message>
        <source>no tensor &apos;%1&apos; (the file holds none)</source>
        <translation>没有张量 &apos;%1&apos;（该文件不含任何张量）</translation>
    </message>
    <message>
        <source>none unless the rel_table file also holds %1 (HF DebertaV2Encoder applies encoder.LayerNorm to rel_embeddings when norm_rel_ebd has layer_norm): %2</source>
        <translation>none，除非 rel_table 文件中还含有 %1（norm_rel_ebd 含 layer_norm 时，HF DebertaV2Encoder 会对 rel_embeddings 应用 encoder.LayerNorm）：%2</translation>
    </message>
    <message>
        <source>nope view &apos;entropy&apos; with %1 keys of width %2</source>
        <translation>nope 的视图 &apos;entropy&apos;（%1 个键，宽度 %2）</translation>
    </message>
    <message>
        <source>not a .npy file (no \x93NUMPY magic)</source>
        <translation>不是 .npy 文件（没有 \x93NUMPY 魔数）</translation>
    </message>
    <message>
        <source>not a GGUF file: it starts with &apos;%1&apos;, not &apos;GGUF&apos;</source>
        <translation>不是 GGUF 文件：它以 &apos;%1&apos; 开头，而不是 &apos;GGUF&apos;</translation>
    </message>
    <message>
        <source>not a config.json: JSON error at %1: %2</source>
        <translation>不是有效的 config.json：JSON 错误（%1）：%2</translation>
    </message>
    <message>
        <source>not a config.json: JSON error: %1</source>
        <translation>不是有效的 config.json：JSON 错误：%1</translation>
    </message>
    <message>
        <source>not a config.json: the document is a JSON array, not an object</source>
        <translation>不是有效的 config.json：文档是 JSON 数组，而不是对象</translation>
    </message>
    <message>
        <source>not a config.json: the document is a JSON value, not an object</source>
        <translation>不是有效的 config.json：文档是单个 JSON 值，而不是对象</translation>
    </message>
    <message>
        <source>not a safetensors file, or truncated: the header claims %1 bytes, the file has %2 after the length</source>
        <translation>不是 safetensors 文件，或已被截断：文件头声明有 %1 字节，而长度字段之后只有 %2 字节</translation>
    </message>
    <message>
        <source>not a safetensors file: its header length %1 is above the 100 MB the format allows</source>
        <translation>不是 safetensors 文件：其文件头长度 %1 超过了格式允许的 100 MB</translation>
    </message>
    <message>
        <source>not a safetensors file: the header is not a JSON object</source>
        <translation>不是 safetensors 文件：文件头不是 JSON 对象</translation>
    </message>
    <message>
        <source>not a safetensors index: no &quot;weight_map&quot; object</source>
        <translation>不是 safetensors 索引：缺少 &quot;weight_map&quot; 对象</translation>
    </message>
    <message>
        <source>not a safetensors index: not a JSON object</source>
        <translation>不是 safetensors 索引：不是 JSON 对象</translation>
    </message>
    <message>
        <source>not a valid .npy header: %1</source>
        <translation>不是有效的 .npy 文件头：%1</translation>
    </message>
    <message>
        <source>not an .npz (zip) file: %1</source>
        <translation>不是 .npz（zip）文件：%1</translation>
    </message>
    <message>
        <source>one of %1</source>
        <translation>以下之一：%1</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; = &apos;%2&apos;: must be %3</source>
        <translation>参数 &apos;%1&apos; = &apos;%2&apos;：应为%3</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>没有访问权限</translation>
    </message>
    <message>
        <source>shape %1 is too large</source>
        <translation>形状 %1 过大</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs %3 bytes of data, the file has %4</source>
        <translation>形状 %1（%2）需要 %3 字节数据，而文件有 %4 字节</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs %3 bytes of data, the file has %4 (truncated?)</source>
        <translation>形状 %1（%2）需要 %3 字节数据，而文件只有 %4 字节（文件被截断？）</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs %3 bytes of data, the file has more than %4</source>
        <translation>形状 %1（%2）需要 %3 字节数据，而文件超过 %4 字节</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs %3 bytes, its offsets give %4</source>
        <translation>形状 %1（%2）需要 %3 字节，而其偏移量给出的是 %4 字节</translation>
    </message>
    <message>
        <source>tensor %1 of %2 (%3 values)</source>
        <translation>%2 中的张量 %1（%3 个值）</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; is listed twice</source>
        <translation>张量 &apos;%1&apos; 出现了两次</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: %2</source>
        <translation>张量 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>tensors &apos;%1&apos; and &apos;%2&apos; overlap in the data section</source>
        <translation>张量 &apos;%1&apos; 与 &apos;%2&apos; 在数据区中重叠</translation>
    </message>
    <message>
        <source>text after the header&apos;s closing brace</source>
        <translation>文件头的右花括号之后还有文本</translation>
    </message>
    <message>
        <source>the array has shape (%1); a table of rows x columns is needed</source>
        <translation>数组形状为 (%1)；需要二维表（行 x 列）</translation>
    </message>
    <message>
        <source>the array holds NaN or infinite values; a position table must be finite</source>
        <translation>数组含有 NaN 或无穷大值；位置表中的值必须有限</translation>
    </message>
    <message>
        <source>the entry of tensor %1</source>
        <translation>第 %1 个张量的条目</translation>
    </message>
    <message>
        <source>the header needs &apos;descr&apos;, &apos;fortran_order&apos; and &apos;shape&apos;</source>
        <translation>文件头需要 &apos;descr&apos;、&apos;fortran_order&apos; 和 &apos;shape&apos;</translation>
    </message>
    <message>
        <source>the key of key-value pair %1</source>
        <translation>第 %1 个键值对的键</translation>
    </message>
    <message>
        <source>the key of key-value pair %1 is %2 bytes long; GGUF keys have at most 65535</source>
        <translation>第 %1 个键值对的键长 %2 字节；GGUF 的键最多 65535 字节</translation>
    </message>
    <message>
        <source>the key of key-value pair %1 is empty</source>
        <translation>第 %1 个键值对的键为空</translation>
    </message>
    <message>
        <source>the name of tensor %1 is %2 bytes long; ggml&apos;s tensor names have at most 63</source>
        <translation>第 %1 个张量的名称长 %2 字节；ggml 的张量名称最多 63 字节</translation>
    </message>
    <message>
        <source>the number of attention heads must be positive</source>
        <translation>注意力头的数量必须为正数</translation>
    </message>
    <message>
        <source>the padding before the tensor data</source>
        <translation>张量数据之前的填充</translation>
    </message>
    <message>
        <source>the path is too long</source>
        <translation>路径过长</translation>
    </message>
    <message>
        <source>the value of key &apos;%1&apos;</source>
        <translation>键 &apos;%1&apos; 的值</translation>
    </message>
    <message>
        <source>the weight map has no tensor &apos;%1&apos;</source>
        <translation>weight_map 中没有张量 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>this MPT model uses a learned position table (attn_config.alibi is not true), which is not mapped yet</source>
        <translation>这个 MPT 模型使用可学习的绝对位置编码表（attn_config.alibi 不为 true），目前尚不支持</translation>
    </message>
    <message>
        <source>too short for a GGUF file (%1 bytes; its header alone takes 24)</source>
        <translation>文件太短，不是 GGUF 文件（%1 字节；仅文件头就需 24 字节）</translation>
    </message>
    <message>
        <source>too short for a safetensors file (%1 bytes; the header length alone takes 8)</source>
        <translation>作为 safetensors 文件太短（%1 字节；仅文件头长度字段就占 8 字节）</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>truncated .npy file: the header claims %1 bytes</source>
        <translation>.npy 文件被截断：文件头声明有 %1 字节</translation>
    </message>
    <message>
        <source>truncated .npy header</source>
        <translation>.npy 文件头被截断</translation>
    </message>
    <message>
        <source>unexpected or repeated key &apos;%1&apos; in the header</source>
        <translation>文件头中有多余或重复的键 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>weight_map: shard &apos;%1&apos; of &apos;%2&apos; is not a plain file name in the index&apos;s folder</source>
        <translation>weight_map：&apos;%2&apos; 的分片 &apos;%1&apos; 不是索引所在文件夹中的普通文件名</translation>
    </message>
    <message>
        <source>weight_map: tensor &apos;%1&apos; is listed twice, in shards &apos;%2&apos; and &apos;%3&apos;</source>
        <translation>weight_map：张量 &apos;%1&apos; 出现了两次，分别在分片 &apos;%2&apos; 和 &apos;%3&apos; 中</translation>
    </message>
    <message>
        <source>weight_map: the shard of &apos;%1&apos; is not a string</source>
        <translation>weight_map：&apos;%1&apos; 的分片不是字符串</translation>
    </message>
    <message>
        <source>&quot;%1&quot; does not match the data (%2)</source>
        <translation>&quot;%1&quot; 与数据不符（数据为 %2）</translation>
    </message>
    <message>
        <source>&quot;x&quot; holds no points</source>
        <translation>&quot;x&quot; 中没有任何点</translation>
    </message>
    <message>
        <source>%1 has %2 values, data[0] has %3 (every row needs as many, at least one)</source>
        <translation>%1 有 %2 个值，而 data[0] 有 %3 个（每行的值个数必须相同，且至少有一个）</translation>
    </message>
    <message>
        <source>%1 has no snapshot with a config.json or a checkpoint</source>
        <translation>%1 中没有含 config.json 或检查点的快照</translation>
    </message>
    <message>
        <source>%1 is %2, not a number or null (a masked cell)</source>
        <translation>%1 是 %2，不是数值或 null（null 表示被掩码的单元格）</translation>
    </message>
    <message>
        <source>%1 is not an array of numbers</source>
        <translation>%1 不是数值数组</translation>
    </message>
    <message>
        <source>%1 is not an object with &quot;y&quot;</source>
        <translation>%1 不是含 &quot;y&quot; 的对象</translation>
    </message>
    <message>
        <source>%1 must be a whole number &gt;= 0</source>
        <translation>%1 应为 &gt;= 0 的整数</translation>
    </message>
    <message>
        <source>%1.y has %2 values, &quot;x&quot; has %3</source>
        <translation>%1.y 有 %2 个值，而 &quot;x&quot; 有 %3 个</translation>
    </message>
    <message>
        <source>A:B with whole numbers 0 &lt;= A &lt; B (B may be left out: to the end)</source>
        <translation>形如 A:B 的范围，A、B 为整数且 0 &lt;= A &lt; B（B 可省略，表示直到末尾）</translation>
    </message>
    <message>
        <source>a %1 file holds one array; drop &apos;:%2&apos;</source>
        <translation>%1 文件只含一个数组；请去掉 &apos;:%2&apos;</translation>
    </message>
    <message>
        <source>a config.json</source>
        <translation>config.json 文件</translation>
    </message>
    <message>
        <source>a matrix export needs &quot;data&quot;: a non-empty array of rows</source>
        <translation>矩阵导出文件需要 &quot;data&quot;：由各行组成的非空数组</translation>
    </message>
    <message>
        <source>a scheme with an animation</source>
        <translation>带动画的方案</translation>
    </message>
    <message>
        <source>a scheme with an animation: %1</source>
        <translation>带动画的方案之一：%1</translation>
    </message>
    <message>
        <source>a series export needs &quot;x&quot; and &quot;series&quot;: [{&quot;name&quot;, &quot;y&quot;}, ...]</source>
        <translation>曲线导出文件需要 &quot;x&quot; 和 &quot;series&quot;：[{&quot;name&quot;, &quot;y&quot;}, ...]</translation>
    </message>
    <message>
        <source>holds %1 arrays; name one as FILE:NAME</source>
        <translation>含有 %1 个数组；请用 FILE:NAME 指定其中一个</translation>
    </message>
    <message>
        <source>holds %1 tensors; name one as FILE:NAME</source>
        <translation>含有 %1 个张量；请用 FILE:NAME 指定其中一个</translation>
    </message>
    <message>
        <source>holds no numbers (an empty file, or only comments)</source>
        <translation>不含任何数值（空文件，或只有注释）</translation>
    </message>
    <message>
        <source>is %1 bytes; text files are read up to %2 MiB (save a large array as .npy)</source>
        <translation>大小为 %1 字节；文本文件最多读取 %2 MiB（大数组请保存为 .npy）</translation>
    </message>
    <message>
        <source>line %1 has %2 values, line %3 has %4 (every row needs as many)</source>
        <translation>第 %1 行有 %2 个值，第 %3 行有 %4 个（每行的值个数必须相同）</translation>
    </message>
    <message>
        <source>line %1 has %2 values, the header names %3 columns</source>
        <translation>第 %1 行有 %2 个值，而表头列出了 %3 列</translation>
    </message>
    <message>
        <source>line %1, column %2: &apos;%3&apos; is not a number (allowed: decimal or exponent notation, nan, inf)</source>
        <translation>第 %1 行，第 %2 列：&apos;%3&apos; 不是数值（允许值：小数或指数记法、nan、inf）</translation>
    </message>
    <message>
        <source>line %1: a series header needs x and at least one curve name</source>
        <translation>第 %1 行：曲线数据的表头需要 x 和至少一个曲线名</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>文件或文件夹不存在</translation>
    </message>
    <message>
        <source>no such file or folder, and not in the Hugging Face cache %1 (looked for %2); PosEnc Explorer never downloads: fetch it first, e.g. `huggingface-cli download %3 config.json model.safetensors`</source>
        <translation>文件或文件夹不存在，Hugging Face 缓存 %1 中也没有（查找的是 %2）；PosEnc Explorer 从不自行下载：请先下载，例如 `huggingface-cli download %3 config.json model.safetensors`</translation>
    </message>
    <message>
        <source>not a model file (a folder, config.json, .safetensors or model.safetensors.index.json is expected)</source>
        <translation>不是模型文件（应为文件夹、config.json、.safetensors 或 model.safetensors.index.json）</translation>
    </message>
    <message>
        <source>not an array file this reads (.npy, .npz, .safetensors, .csv or .json)</source>
        <translation>不是本程序能读取的数组文件（.npy、.npz、.safetensors、.csv 或 .json）</translation>
    </message>
    <message>
        <source>not one of our JSON exports (posenc export --out FILE.json): expected an object with &quot;scheme&quot;, &quot;view&quot;, &quot;params&quot;, &quot;kind&quot; (matrix or series) and &quot;data&quot; or &quot;x&quot; and &quot;series&quot;</source>
        <translation>不是本程序导出的 JSON 文件（posenc export --out FILE.json）：应为含有 &quot;scheme&quot;、&quot;view&quot;、&quot;params&quot;、&quot;kind&quot;（matrix 或 series）以及 &quot;data&quot;（或 &quot;x&quot; 和 &quot;series&quot;）的对象</translation>
    </message>
    <message>
        <source>not valid JSON</source>
        <translation>不是有效的 JSON</translation>
    </message>
    <message>
        <source>params.%1: a list holds numbers only</source>
        <translation>params.%1：列表中只能含数值</translation>
    </message>
    <message>
        <source>params.%1: a parameter is a number, a bool, a text or a list of numbers</source>
        <translation>params.%1：参数应为数值、布尔值、文本或数值列表</translation>
    </message>
    <message>
        <source>refs/main</source>
        <translation>refs/main</translation>
    </message>
    <message>
        <source>the %1 values of %2</source>
        <translation>%2 中的 %1 个数值</translation>
    </message>
    <message>
        <source>the folder has no config.json and no model.safetensors or model.safetensors.index.json</source>
        <translation>该文件夹中没有 config.json，也没有 model.safetensors 或 model.safetensors.index.json</translation>
    </message>
    <message>
        <source>the series CSV has a header but no rows of numbers</source>
        <translation>曲线 CSV 有表头，但没有数值行</translation>
    </message>
    <message>
        <source>the values of %1</source>
        <translation>%1 中的数值</translation>
    </message>
    <message>
        <source>there is no config.json beside the checkpoint, so the scheme and its parameters are unknown (name the model folder, or give the table with --table FILE:NAME)</source>
        <translation>检查点旁边没有 config.json，因此无法确定方案及其参数（请指定模型文件夹，或用 --table FILE:NAME 给出位置表）</translation>
    </message>
    <message>
        <source>KEY=VALUE</source>
        <translation>KEY=VALUE</translation>
    </message>
    <message>
        <source>KEY=VALUE words separated by spaces, e.g. scaling=linear factor=4</source>
        <translation>用空格分隔的 KEY=VALUE，例如 scaling=linear factor=4</translation>
    </message>
    <message>
        <source>a %1 x %2 %3 of %4 view &apos;%5&apos;</source>
        <translation>%4 的视图 &apos;%5&apos; 的 %1 x %2 %3 图片</translation>
    </message>
    <message>
        <source>a %1 x %2 %3 of %4 view &apos;%5&apos; (%6 x %7 cells)</source>
        <translation>%4 的视图 &apos;%5&apos; 的 %1 x %2 %3 图片（%6 x %7 个单元格）</translation>
    </message>
    <message>
        <source>model %1: %2</source>
        <translation>模型 %1：%2</translation>
    </message>
    <message>
        <source>model %1: %2 (a value its config.json gives; --set %3=VALUE overrides it)</source>
        <translation>模型 %1：%2（这是其 config.json 给出的值；--set %3=VALUE 可覆盖它）</translation>
    </message>
    <message>
        <source>small enough to write whole: %1 x %2 cells would take %3 as float64 (limit %4); export a region with --rows A:B --cols C:D</source>
        <translation>小到能整体写出：%1 x %2 个单元格以 float64 存储需要 %3（上限 %4）；请用 --rows A:B --cols C:D 导出一个区域</translation>
    </message>
    <message>
        <source>the same region of both views</source>
        <translation>两个视图的同一区域</translation>
    </message>
    <message>
        <source>two views of the same shape</source>
        <translation>形状相同的两个视图</translation>
    </message>
    <message>
        <source>%1 %2, one more: %3</source>
        <translation>%1 %2，还有一处：%3</translation>
    </message>
    <message>
        <source>%1 %2, one more: %3 Ours equals yours with %4.</source>
        <translation>%1 %2，还有一处：%3 设置 %4 后，我们的与你的相等。</translation>
    </message>
    <message>
        <source>%1 at position %2</source>
        <translation>位置 %2 处为 %1</translation>
    </message>
    <message>
        <source>%1 computes the angles in float32 as HF&apos;s LlamaRotaryEmbedding does (inv_freq = 1/base^(arange(0, d, 2)/d) and positions × inv_freq in float32): the error grows with the position (%2); compute the angles in float64 and round only the result, or loosen atol.</source>
        <translation>%1像 HF 的 LlamaRotaryEmbedding 那样以 float32 计算角度（inv_freq = 1/base^(arange(0, d, 2)/d) 和 positions × inv_freq 均为 float32）：误差随位置增大（%2）；请以 float64 计算角度、只对结果舍入，或放宽 atol。</translation>
    </message>
    <message>
        <source>%1 computes θ = exp(−2i ln b / d) and the angles in float32 (the PyTorch tutorial&apos;s div_term) where ours uses b^(−2i/d) in float64: rounding only, growing with the position (%2); compute in float64, or loosen atol.</source>
        <translation>%1用 θ = exp(−2i ln b / d) 并以 float32 计算角度（PyTorch 教程中的 div_term），而我们以 float64 使用 b^(−2i/d)：只是舍入误差，随位置增大（%2）；请用 float64 计算，或放宽 atol。</translation>
    </message>
    <message>
        <source>%1 computes θ = exp(−2i ln b / d) where ours uses b^(−2i/d) (both float64): the two differ by rounding only (largest %2), harmless; loosen atol (e.g. 1e-12) to accept it.</source>
        <translation>%1用 θ = exp(−2i ln b / d) 计算，而我们用 b^(−2i/d)（两者均为 float64）：两者只差舍入误差（最大 %2），无害；放宽 atol（如 1e-12）即可接受。</translation>
    </message>
    <message>
        <source>%1 is the %2 layout (%3); ours is %4 (%5): set layout=%2, or pair column j with j + d/2.</source>
        <translation>%1是 %2 布局（%3）；我们的是 %4（%5）：请设置 layout=%2，或把第 j 列与第 j + d/2 列配对。</translation>
    </message>
    <message>
        <source>%1 is the %2 layout (%3); ours is %4 (%5): set layout=%2, or pair columns 2j and 2j + 1.</source>
        <translation>%1是 %2 布局（%3）；我们的是 %4（%5）：请设置 layout=%2，或把第 2j 列与第 2j + 1 列配对。</translation>
    </message>
    <message>
        <source>%1 multiplies the positions by the linear factor s = %2 (θ·s) where linear scaling divides them (θ/s, HF&apos;s inv_freq /= factor): divide the positions (or θ) by s.</source>
        <translation>%1把位置乘以了线性因子 s = %2（θ·s），而线性缩放应当除以它（θ/s，即 HF 的 inv_freq /= factor）：请把位置（或 θ）除以 s。</translation>
    </message>
    <message>
        <source>%1; then: %2</source>
        <translation>%1；然后：%2</translation>
    </message>
    <message>
        <source>Linear scaling is applied on the wrong side</source>
        <translation>线性缩放用在了错误的一侧</translation>
    </message>
    <message>
        <source>LongRoPE&apos;s sqrt(1 + ln s / ln L)</source>
        <translation>LongRoPE 的 sqrt(1 + ln s / ln L)</translation>
    </message>
    <message>
        <source>The attention factor is missing or applied twice</source>
        <translation>注意力因子漏乘了，或乘了两次</translation>
    </message>
    <message>
        <source>With %1 set</source>
        <translation>设置 %1 后</translation>
    </message>
    <message>
        <source>With your positions counted from 0</source>
        <translation>把你的位置改为从 0 开始计数后</translation>
    </message>
    <message>
        <source>YaRN&apos;s 0.1 ln s + 1</source>
        <translation>YaRN 的 0.1 ln s + 1</translation>
    </message>
    <message>
        <source>Your %1 cache</source>
        <translation>你的 %1 缓存</translation>
    </message>
    <message>
        <source>Your %1 cache applies the attention factor a = %2 (%3) twice (a² = %4): HF multiplies cos and sin by it once (attention_scaling).</source>
        <translation>你的 %1 缓存把注意力因子 a = %2（%3）乘了两次（a² = %4）：HF 只把 cos 和 sin 乘以它一次（attention_scaling）。</translation>
    </message>
    <message>
        <source>Your %1 cache lacks the attention factor a = %2 (%3) that HF multiplies into cos and sin (attention_scaling): multiply yours by a, or set attention_factor=1 to compare without it.</source>
        <translation>你的 %1 缓存缺少注意力因子 a = %2（%3），HF 会把它乘进 cos 和 sin（attention_scaling）：请把你的乘以 a，或设置 attention_factor=1 以不含该因子进行比较。</translation>
    </message>
    <message>
        <source>Your ALiBi bias is causal; ours is symmetric</source>
        <translation>你的 ALiBi 偏置是因果的；我们的是对称的</translation>
    </message>
    <message>
        <source>Your ALiBi bias is symmetric; ours is causal</source>
        <translation>你的 ALiBi 偏置是对称的；我们的是因果的</translation>
    </message>
    <message>
        <source>Your ALiBi slopes use the simple rule for a head count that is not a power of two</source>
        <translation>头数不是 2 的幂时，你的 ALiBi 斜率用了简单公式</translation>
    </message>
    <message>
        <source>Your KERPLE kernel has its two numbers swapped (%1 and %2)</source>
        <translation>你的 KERPLE 核的两个参数互换了（%1 和 %2）</translation>
    </message>
    <message>
        <source>Your T5 buckets are bidirectional (the encoder&apos;s); ours are unidirectional</source>
        <translation>你的 T5 桶是双向的（编码器的）；我们的是单向的</translation>
    </message>
    <message>
        <source>Your T5 buckets are not halved for both directions</source>
        <translation>你的 T5 桶数在双向情形下没有减半</translation>
    </message>
    <message>
        <source>Your T5 buckets are unidirectional (the decoder&apos;s); ours are bidirectional</source>
        <translation>你的 T5 桶是单向的（解码器的）；我们的是双向的</translation>
    </message>
    <message>
        <source>Your angles</source>
        <translation>你的角度</translation>
    </message>
    <message>
        <source>Your angles are computed in float32: the error grows with the position</source>
        <translation>你的角度是用 float32 计算的：误差随位置增大</translation>
    </message>
    <message>
        <source>Your array has one row more or less (another length)</source>
        <translation>你的数组多一行或少一行（长度不同）</translation>
    </message>
    <message>
        <source>Your bias has the opposite sign: ALiBi subtracts m(i − j) (a penalty growing with the distance, −m(i − j) &lt;= 0); negate yours.</source>
        <translation>你的偏置符号相反：ALiBi 减去的是 m(i − j)（随距离增大的惩罚，−m(i − j) &lt;= 0）；请把你的取反。</translation>
    </message>
    <message>
        <source>Your bias is causal (keys after the query masked); ours is the symmetric −m|i − j|: set %1=%2.</source>
        <translation>你的偏置是因果的（查询之后的键被掩码）；我们的是对称的 −m|i − j|：请设置 %1=%2。</translation>
    </message>
    <message>
        <source>Your bias is the symmetric −m|i − j| (keys after the query penalised too); ours is causal (−m(i − j), keys after the query masked): set %1=%2.</source>
        <translation>你的偏置是对称的 −m|i − j|（查询之后的键也被惩罚）；我们的是因果的（−m(i − j)，查询之后的键被掩码）：请设置 %1=%2。</translation>
    </message>
    <message>
        <source>Your buckets are bidirectional (keys after the query in the upper half of the buckets, T5&apos;s encoder); ours are unidirectional (every key after the query in bucket 0, the decoder): set %1=%2.</source>
        <translation>你的桶是双向的（查询之后的键在桶的上半部分，即 T5 的编码器）；我们的是单向的（查询之后的键都在 0 号桶，即解码器）：请设置 %1=%2。</translation>
    </message>
    <message>
        <source>Your buckets are unidirectional (every key after the query in bucket 0, T5&apos;s decoder); ours are bidirectional (keys after the query in the upper half of the buckets, the encoder): set %1=%2.</source>
        <translation>你的桶是单向的（查询之后的键都在 0 号桶，即 T5 的解码器）；我们的是双向的（查询之后的键在桶的上半部分，即编码器）：请设置 %1=%2。</translation>
    </message>
    <message>
        <source>Your buckets use num_buckets = %1 per direction: with bidirectional=true HF&apos;s _relative_position_bucket halves it first (num_buckets //= 2, so %2 per direction); halve it, or set buckets=%3.</source>
        <translation>你的桶每个方向用了 num_buckets = %1 个：bidirectional=true 时，HF 的 _relative_position_bucket 会先把它减半（num_buckets //= 2，即每个方向 %2 个）；请把它减半，或设置 buckets=%3。</translation>
    </message>
    <message>
        <source>Your cache has no linear scaling (positions not divided by factor s = %1); ours divides θ by s (scaling=linear, HF&apos;s inv_freq /= factor): divide the positions by s, or set scaling=none.</source>
        <translation>你的缓存没有线性缩放（位置没有除以因子 s = %1）；我们的把 θ 除以 s（scaling=linear，即 HF 的 inv_freq /= factor）：请把位置除以 s，或设置 scaling=none。</translation>
    </message>
    <message>
        <source>Your column j holds ours at key position j + 1: your key positions start at 1 where ours start at 0 (use arange(0, L)).</source>
        <translation>你的第 j 列是我们键位置 j + 1 处的值：你的键位置从 1 开始，而我们的从 0 开始（应使用 arange(0, L)）。</translation>
    </message>
    <message>
        <source>Your column j holds ours at key position j − 1: your key positions are one behind ours (column 0 must be position 0).</source>
        <translation>你的第 j 列是我们键位置 j − 1 处的值：你的键位置比我们的落后一位（第 0 列应为位置 0）。</translation>
    </message>
    <message>
        <source>Your decay is exp(−(m − n) ln ζⱼ / scale_base) = 1/ours, growing with the distance: you downscaled q (1/ζⱼ^(m/B)) and upscaled k where torchscale&apos;s XPOS upscales q by ζⱼ^(m/B) and downscales k (downscale=True, 1/ζⱼ^(n/B)); swap the two.</source>
        <translation>你的衰减是 exp(−(m − n) ln ζⱼ / scale_base) = 1/我们的，随距离增大：你把 q 缩小了（1/ζⱼ^(m/B)）、把 k 放大了，而 torchscale 的 XPOS 是把 q 放大 ζⱼ^(m/B) 倍、把 k 缩小（downscale=True，1/ζⱼ^(n/B)）；请把两者对调。</translation>
    </message>
    <message>
        <source>Your frequencies use %1 for %2: rounding only, harmless</source>
        <translation>你的频率用 %1 代替了 %2：只是舍入误差，无害</translation>
    </message>
    <message>
        <source>Your key positions are shifted by one</source>
        <translation>你的键位置偏移了一位</translation>
    </message>
    <message>
        <source>Your pairing layout is not ours (half or interleaved)</source>
        <translation>你的配对布局与我们的不同（half 或 interleaved）</translation>
    </message>
    <message>
        <source>Your positions are one behind ours</source>
        <translation>你的位置比我们的落后一位</translation>
    </message>
    <message>
        <source>Your positions are shifted by one (they start at 1?)</source>
        <translation>你的位置整体偏移了一位（是否从 1 开始？）</translation>
    </message>
    <message>
        <source>Your row i holds ours at position i + 1: your positions start at 1 where ours start at 0 (use positions = arange(0, L)).</source>
        <translation>你的第 i 行是我们位置 i + 1 处的值：你的位置从 1 开始，而我们的从 0 开始（应使用 positions = arange(0, L)）。</translation>
    </message>
    <message>
        <source>Your row i holds ours at position i − 1: your positions are one behind ours (row 0 must be position 0).</source>
        <translation>你的第 i 行是我们位置 i − 1 处的值：你的位置比我们的落后一位（第 0 行应为位置 0）。</translation>
    </message>
    <message>
        <source>Your slopes follow 2^(−8(h+1)/n) for n = %1 heads, which is not a power of two; get_slopes (ofirpress/attention_with_linear_biases, HF&apos;s build_alibi_tensor) takes the slopes of %2 heads, then every other slope of %3: use get_slopes.</source>
        <translation>你的斜率按 2^(−8(h+1)/n) 计算，而头数 n = %1 不是 2 的幂；get_slopes（ofirpress/attention_with_linear_biases，HF 的 build_alibi_tensor）先取 %2 个头的斜率，再从 %3 个头的斜率中隔一个取一个：请使用 get_slopes。</translation>
    </message>
    <message>
        <source>Your table computes the angles in float32 (w = %1 and position × w in float32): the error grows with the position (%2); compute the angles in float64 and round only the table, or loosen atol.</source>
        <translation>你的编码表以 float32 计算角度（w = %1 和 position × w 均为 float32）：误差随位置增大（%2）；请以 float64 计算角度、只对编码表舍入，或放宽 atol。</translation>
    </message>
    <message>
        <source>Your table computes w = %1 and the angles in float32 (as the PyTorch tutorial&apos;s div_term) where ours uses %2 in float64: rounding only, growing with the position (%3); compute in float64, or loosen atol.</source>
        <translation>你的编码表用 w = %1 并以 float32 计算角度（如 PyTorch 教程中的 div_term），而我们以 float64 使用 %2：只是舍入误差，随位置增大（%3）；请用 float64 计算，或放宽 atol。</translation>
    </message>
    <message>
        <source>Your table computes w = %1 where ours uses %2 (both float64): the two differ by rounding only (largest %3), harmless; loosen atol (e.g. 1e-12) to accept it.</source>
        <translation>你的编码表用 w = %1 计算，而我们用 %2（两者均为 float64）：两者只差舍入误差（最大 %3），无害；放宽 atol（如 1e-12）即可接受。</translation>
    </message>
    <message>
        <source>Your table is the %1 layout (%2); ours is %3 (%4): set layout=%1.</source>
        <translation>你的编码表是 %1 布局（%2）；我们的是 %3（%4）：请设置 layout=%1。</translation>
    </message>
    <message>
        <source>Your table&apos;s column layout is not ours</source>
        <translation>你的编码表的列布局与我们的不同</translation>
    </message>
    <message>
        <source>Your xPos scale goes the other way (q downscaled, k upscaled)</source>
        <translation>你的 xPos 缩放方向反了（q 被缩小，k 被放大）</translation>
    </message>
    <message>
        <source>Yours</source>
        <translation>你的</translation>
    </message>
    <message>
        <source>Yours adds a constant to each row (softmax cannot tell them apart)</source>
        <translation>你的每一行加了一个常数（softmax 无法区分）</translation>
    </message>
    <message>
        <source>Yours has %1 rows, ours %2, and they agree on the positions both have: your length is %1: set length=%1.</source>
        <translation>你的有 %1 行，我们的有 %2 行，两者共有的位置上数值一致：你的长度是 %1：请设置 length=%1。</translation>
    </message>
    <message>
        <source>Yours has %1 rows, ours %2, and your row i holds ours at position i + 1: your positions start at 1 where ours start at 0 (use positions = arange(0, L)).</source>
        <translation>你的有 %1 行，我们的有 %2 行，且你的第 i 行是我们位置 i + 1 处的值：你的位置从 1 开始，而我们的从 0 开始（应使用 positions = arange(0, L)）。</translation>
    </message>
    <message>
        <source>Yours has shape %1, ours %2: yours is ours transposed (ours has rows = %3, columns = %4); transpose yours (.T).</source>
        <translation>你的形状是 %1，我们的是 %2：你的是我们的转置（我们的行 = %3，列 = %4）；请转置你的数组（.T）。</translation>
    </message>
    <message>
        <source>Yours has the opposite sign</source>
        <translation>你的符号与我们的相反</translation>
    </message>
    <message>
        <source>Yours is ours plus a constant in each row (row %1 adds %2): softmax over a row&apos;s keys cannot tell the two apart, so attention is the same (BLOOM&apos;s build_alibi_tensor adds m·j instead of −m(i − j)); subtract each row&apos;s offset to compare.</source>
        <translation>你的是我们的每行加一个常数（第 %1 行加了 %2）：对一行的键做 softmax 时两者无法区分，所以注意力相同（BLOOM 的 build_alibi_tensor 加的是 m·j 而不是 −m(i − j)）；减去每行的偏移后再比较。</translation>
    </message>
    <message>
        <source>Yours is ours rounded to %1 (rounding only)</source>
        <translation>你的是我们的舍入到 %1（只是舍入误差）</translation>
    </message>
    <message>
        <source>Yours is ours rounded to %1 (rounding only, %2 significant bits) in a %3 file: compare it with %1&apos;s tolerance (--rtol %4 --atol %5), or compute in float64.</source>
        <translation>你的是我们的舍入到 %1（只是舍入误差，%2 位有效二进制位），存于 %3 文件中：请用 %1 的容差比较（--rtol %4 --atol %5），或用 float64 计算。</translation>
    </message>
    <message>
        <source>Yours is ours times a constant factor</source>
        <translation>你的是我们的乘以一个常数因子</translation>
    </message>
    <message>
        <source>Yours is ours times k = %1 in every cell: a factor applied where ours has none (or missing where ours has one), e.g. a scale, a temperature or 1/sqrt(d).</source>
        <translation>你的每个单元格都是我们的乘以 k = %1：多乘了一个我们没有的因子（或漏乘了我们有的因子），例如缩放系数、温度或 1/sqrt(d)。</translation>
    </message>
    <message>
        <source>Yours is ours transposed (i − j for j − i)</source>
        <translation>你的是我们的转置（把 j − i 写成了 i − j）</translation>
    </message>
    <message>
        <source>Yours is ours transposed (your cell (i, j) holds ours at (j, i)): rows are %1 and columns %2, so you used the opposite difference (i − j for j − i, or the reverse); transpose yours or swap the roles.</source>
        <translation>你的是我们的转置（你的单元格 (i, j) 是我们 (j, i) 处的值）：行是 %1，列是 %2，所以你用了相反的差（把 j − i 写成了 i − j，或反之）；请转置你的数组，或交换两者的角色。</translation>
    </message>
    <message>
        <source>Yours is ours transposed: you used i − j where the convention is j − i (key minus query, HF&apos;s memory_position − context_position in compute_bias); swap them.</source>
        <translation>你的是我们的转置：你用了 i − j，而约定是 j − i（键减查询，即 HF 在 compute_bias 中的 memory_position − context_position）；请交换两者。</translation>
    </message>
    <message>
        <source>Yours is ours with the opposite sign (yours = −ours): for a relative bias or offset you used i − j where ours is j − i, or dropped a minus; negate yours.</source>
        <translation>你的是我们的取反（你的 = −我们的）：对相对位置偏置或偏移，你用了 i − j 而我们用的是 j − i，或者漏了一个负号；请把你的取反。</translation>
    </message>
    <message>
        <source>Yours is the %1 %2 with %3 and %4 swapped (%3 = %5, %4 = %6): KERPLE&apos;s code names both kernels&apos; numbers bias_p and bias_a, in opposite roles (here %7); set %3=%5 %4=%6, or read the checkpoint&apos;s numbers the other way round.</source>
        <translation>你的是%1 %2，但 %3 和 %4 互换了（%3 = %5，%4 = %6）：KERPLE 的代码把两种核的参数都叫作 bias_p 和 bias_a，但角色相反（这里 %7）；请设置 %3=%5 %4=%6，或把检查点中的两个数反过来读。</translation>
    </message>
    <message>
        <source>Yours matches %1=%2; ours has %1=%3: set %1=%2.</source>
        <translation>你的与 %1=%2 一致；我们的是 %1=%3：请设置 %1=%2。</translation>
    </message>
    <message>
        <source>Yours matches another value of %1</source>
        <translation>你的与 %1 取另一个值时一致</translation>
    </message>
    <message>
        <source>Yours uses another RoPE scaling</source>
        <translation>你用了另一种 RoPE 缩放</translation>
    </message>
    <message>
        <source>Yours uses another base</source>
        <translation>你用了另一个底数</translation>
    </message>
    <message>
        <source>Yours uses base %1; ours %2: set base=%1 (or build yours with base %2).</source>
        <translation>你用的底数是 %1，我们的是 %2：请设置 base=%1（或用底数 %2 生成你的数组）。</translation>
    </message>
    <message>
        <source>Yours uses base ≈ %1; ours %2: set base=%1 (or build yours with base %2).</source>
        <translation>你用的底数 ≈ %1，我们的是 %2：请设置 base=%1（或用底数 %2 生成你的数组）。</translation>
    </message>
    <message>
        <source>all sines, then all cosines, as Transformer-XL and GPT-J</source>
        <translation>先放全部 sin，再放全部 cos，如 Transformer-XL 和 GPT-J</translation>
    </message>
    <message>
        <source>each θⱼ in two adjacent columns, as GPT-J&apos;s rotate_every_two and Meta&apos;s original Llama</source>
        <translation>每个 θⱼ 占相邻两列，如 GPT-J 的 rotate_every_two 和 Meta 最初的 Llama</translation>
    </message>
    <message>
        <source>emb = cat(freqs, freqs), HF&apos;s rotate_half: column j pairs with j + d/2</source>
        <translation>emb = cat(freqs, freqs)，即 HF 的 rotate_half：第 j 列与第 j + d/2 列配对</translation>
    </message>
    <message>
        <source>log kernel</source>
        <translation>对数核</translation>
    </message>
    <message>
        <source>power kernel</source>
        <translation>幂核</translation>
    </message>
    <message>
        <source>sin and cos of pair i in columns 2i and 2i + 1, the paper</source>
        <translation>维度对 i 的 sin 和 cos 位于第 2i 和 2i + 1 列，即论文的做法</translation>
    </message>
    <message>
        <source>sines then cosines with wᵢ = base^(−i/(d/2 − 1)), tensor2tensor&apos;s get_timing_signal_1d and fairseq</source>
        <translation>先 sin 后 cos，且 wᵢ = base^(−i/(d/2 − 1))，即 tensor2tensor 的 get_timing_signal_1d 和 fairseq</translation>
    </message>
    <message>
        <source>%1 %2 at %3: %4</source>
        <translation>%1 个 %2（第 %3 层）：%4</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 个 %2：%3</translation>
    </message>
    <message>
        <source>%1 (no positional encoding)</source>
        <translation>%1（无位置编码）</translation>
    </message>
    <message>
        <source>%1, window %2</source>
        <translation>%1，窗口 %2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>a list of 0 and 1, one per layer</source>
        <translation>由 0 和 1 组成的列表，每层一个</translation>
    </message>
    <message>
        <source>a list of layer type strings</source>
        <translation>由层类型字符串组成的列表</translation>
    </message>
    <message>
        <source>a whole number from 0 to %1</source>
        <translation>0 到 %1 之间的整数</translation>
    </message>
    <message>
        <source>at least beta_slow (%1); transformers&apos; _validate_yarn_rope_parameters warns below</source>
        <translation>至少为 beta_slow（%1）；低于它时 transformers 的 _validate_yarn_rope_parameters 会发出警告</translation>
    </message>
    <message>
        <source>at most high_freq_factor (%1); transformers&apos; _validate_llama3_rope_parameters warns when they are equal</source>
        <translation>至多为 high_freq_factor（%1）；两者相等时 transformers 的 _validate_llama3_rope_parameters 会发出警告</translation>
    </message>
    <message>
        <source>none or linear with partial_rotary proportional (transformers&apos; _compute_proportional_rope_parameters divides by factor and nothing else)</source>
        <translation>partial_rotary 为 proportional 时只能是 none 或 linear（transformers 的 _compute_proportional_rope_parameters 只除以 factor，不做其他缩放）</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>%1 has no layer &apos;%2&apos;: give an index from 0 to %3 or a layer type (%4)</source>
        <translation>%1 没有层 &apos;%2&apos;：请给出 0 到 %3 之间的层号，或一种层类型（%4）</translation>
    </message>
    <message>
        <source>%1 lists no layers (its config gives no num_hidden_layers), so there is no layer %2 to draw</source>
        <translation>%1 没有列出各层（它的配置没有给出 num_hidden_layers），所以没有第 %2 层可画</translation>
    </message>
    <message>
        <source>%1, layer %2 of %3: %4</source>
        <translation>%1，第 %2 层（共 %3 层）：%4</translation>
    </message>
    <message>
        <source>%1 computes θₖ = base^(−2k/%2) over the head dim d = %2 for the %3 rotated dims, where HF&apos;s _compute_default_rope_parameters takes the exponent over the rotated width: dim = int(head_dim × partial_rotary_factor) = %3, θₖ = base^(−2k/%3); divide by the rotated dims (only proportional partial RoPE, partial_rotary=proportional, divides by the head dim).</source>
        <translation>%1 对旋转的 %3 个维度按头维度 d = %2 计算 θₖ = base^(−2k/%2)，而 HF 的 _compute_default_rope_parameters 按旋转宽度取指数：dim = int(head_dim × partial_rotary_factor) = %3，θₖ = base^(−2k/%3)；请除以旋转的维度数（只有比例式部分 RoPE，partial_rotary=proportional，才除以头维度）。</translation>
    </message>
    <message>
        <source>%1 is plain partial RoPE (the first %2 dims rotate with θₖ = base^(−2k/%2), HF&apos;s _compute_default_rope_parameters) where this layer&apos;s is proportional (Gemma 4&apos;s full layers, HF&apos;s _compute_proportional_rope_parameters: θₖ = base^(−2k/%3) over the whole head dim %3, the pairs from %4 on at frequency 0): set partial_rotary=plain to compare, or take the exponent over the head dim and pad the unrotated pairs with frequency 0.</source>
        <translation>%1 是普通部分 RoPE（前 %2 个维度以 θₖ = base^(−2k/%2) 旋转，HF 的 _compute_default_rope_parameters），而这一层是比例式的（Gemma 4 的全局层，HF 的 _compute_proportional_rope_parameters：在整个头维度 %3 上 θₖ = base^(−2k/%3)，从第 %4 个维度对起频率为 0）：设 partial_rotary=plain 来比较，或按头维度取指数，并把不旋转的维度对补成频率 0。</translation>
    </message>
    <message>
        <source>%1 is proportional partial RoPE (Gemma 4&apos;s full layers, HF&apos;s _compute_proportional_rope_parameters: θₖ = base^(−2k/%2) over the whole head dim %2, the pairs from %3 on at frequency 0) where this layer&apos;s is plain (the first %4 dims rotate with θₖ = base^(−2k/%4), HF&apos;s _compute_default_rope_parameters): set partial_rotary=proportional to compare, or rotate only the first %4 dims.</source>
        <translation>%1 是比例式部分 RoPE（Gemma 4 的全局层，HF 的 _compute_proportional_rope_parameters：在整个头维度 %2 上 θₖ = base^(−2k/%2)，从第 %3 个维度对起频率为 0），而这一层是普通的（前 %4 个维度以 θₖ = base^(−2k/%4) 旋转，HF 的 _compute_default_rope_parameters）：设 partial_rotary=proportional 来比较，或只旋转前 %4 个维度。</translation>
    </message>
    <message>
        <source>Your array is layer %1&apos;s (%2) computed with the base and scaling of the %3 layers (layer %4&apos;s: %5) where layer %1 uses %6: take each layer&apos;s base and scaling from the config&apos;s parameters for its own layer type.</source>
        <translation>你的数组是第 %1 层（%2）的，却用了 %3 层的底数和缩放（第 %4 层的：%5），而第 %1 层用的是 %6：每一层的底数和缩放请取配置中该层类型自己的参数。</translation>
    </message>
    <message>
        <source>Your array is layer %1&apos;s (%2) with the %3 layers&apos; base %4 (layer %5&apos;s) where layer %1 uses base %6: each layer type has its own base in the config (Gemma 3&apos;s sliding layers rope_local_base_freq, v5 configs&apos; rope_parameters by layer type).</source>
        <translation>你的数组是第 %1 层（%2）的，却用了 %3 层的底数 %4（第 %5 层的），而第 %1 层的底数是 %6：配置中每种层都有自己的底数（Gemma 3 滑动窗口层的 rope_local_base_freq，v5 配置按层类型给出的 rope_parameters）。</translation>
    </message>
    <message>
        <source>Your array is layer %1&apos;s (%2) with the %3 layers&apos; scaling (layer %4&apos;s: %5) where layer %1 uses %6: each layer type has its own scaling in the config.</source>
        <translation>你的数组是第 %1 层（%2）的，却用了 %3 层的缩放（第 %4 层的：%5），而第 %1 层用的是 %6：配置中每种层都有自己的缩放。</translation>
    </message>
    <message>
        <source>Your array is layer %1&apos;s (%2, a window of %3 tokens) with the scaling this model applies only to its %4 layers (layer %5&apos;s: %6); its %2 layers keep %7: apply the scaling to the %4 layers only (as Gemma 3&apos;s rope_scaling; a model that scales every layer, as gpt-oss, lists it for every layer type).</source>
        <translation>你的数组是第 %1 层（%2，窗口 %3 个词元）的，却用了这个模型只用于 %4 层的缩放（第 %5 层的：%6）；它的 %2 层保持 %7：只对 %4 层缩放（如 Gemma 3 的 rope_scaling；对每一层都缩放的模型，如 gpt-oss，会为每种层都列出它）。</translation>
    </message>
    <message>
        <source>Your partial RoPE is the other kind (plain or proportional)</source>
        <translation>你的部分 RoPE 是另一种（普通或比例式）</translation>
    </message>
    <message>
        <source>Your partial-rotary exponent is taken over the head dim, not the rotated dims</source>
        <translation>你的部分旋转指数按头维度取，而不是按旋转的维度取</translation>
    </message>
    <message>
        <source>Yours applies the full layers&apos; scaling to a sliding layer</source>
        <translation>你把全局层的缩放用在了滑动窗口层上</translation>
    </message>
    <message>
        <source>Yours is another layer&apos;s RoPE (base and scaling)</source>
        <translation>你的是另一层的 RoPE（底数和缩放）</translation>
    </message>
    <message>
        <source>Yours uses another layer type&apos;s RoPE scaling</source>
        <translation>你用了另一种层的 RoPE 缩放</translation>
    </message>
    <message>
        <source>Yours uses another layer type&apos;s base</source>
        <translation>你用了另一种层的底数</translation>
    </message>
    <message>
        <source>%1 = &quot;%2&quot;: not a scaling we draw (drawn without scaling)</source>
        <translation>%1 = &quot;%2&quot;：不是我们能绘制的缩放（按无缩放绘制）</translation>
    </message>
    <message>
        <source>%1 = %2 &lt; beta_slow = %3: transformers warns (beta_fast must be greater)</source>
        <translation>%1 = %2 &lt; beta_slow = %3：transformers 会发出警告（beta_fast 应更大）</translation>
    </message>
    <message>
        <source>%1 = %2 is not below max_position_embeddings = %3: transformers warns</source>
        <translation>%1 = %2 不小于 max_position_embeddings = %3：transformers 会发出警告</translation>
    </message>
    <message>
        <source>%1 = %2 is not greater than low_freq_factor = %3: transformers warns (no pair is blended)</source>
        <translation>%1 = %2 不大于 low_freq_factor = %3：transformers 会发出警告（没有维度对被平滑过渡）</translation>
    </message>
    <message>
        <source>%1 = %2 is not max_position_embeddings / original_max_position_embeddings = %3: transformers warns and uses the explicit factor</source>
        <translation>%1 = %2 不等于 max_position_embeddings / original_max_position_embeddings = %3：transformers 会发出警告，并采用显式给出的 factor</translation>
    </message>
    <message>
        <source>%1 = %2: transformers asks for a float &gt;= 1 and warns below</source>
        <translation>%1 = %2：transformers 要求不小于 1 的浮点数，低于 1 时发出警告</translation>
    </message>
    <message>
        <source>%1 is remote code (trust_remote_code): read as the model&apos;s own modeling file reads it</source>
        <translation>%1 是远程代码（trust_remote_code）：按模型自带的建模文件的方式读取</translation>
    </message>
    <message>
        <source>%1.mrope_section = %2: multimodal RoPE splits the pairs between time, height and width; a text token has one position on all three, so the text&apos;s RoPE is drawn</source>
        <translation>%1.mrope_section = %2：多模态 RoPE 把维度对分给时间、高度和宽度三个轴；文本词元在三个轴上的位置相同，因此绘制的是文本的 RoPE</translation>
    </message>
    <message>
        <source>%1: not drawn</source>
        <translation>%1：未绘制</translation>
    </message>
    <message>
        <source>NoPE layers scale the query by log1p(floor((position + 1) / %1)) * %2 + 1 (modeling_llama4.py, attn_temperature_tuning)</source>
        <translation>NoPE 层把查询乘以 log1p(floor((position + 1) / %1)) * %2 + 1（modeling_llama4.py，attn_temperature_tuning）</translation>
    </message>
    <message>
        <source>OPT&apos;s table has max_position_embeddings + 2 rows: position p uses row p + 2, rows 0 and 1 are never used</source>
        <translation>OPT 的位置表有 max_position_embeddings + 2 行：位置 p 使用第 p + 2 行，第 0 和第 1 行从不使用</translation>
    </message>
    <message>
        <source>Positional encoding on a layer that has none</source>
        <translation>在没有位置编码的层上用了位置编码</translation>
    </message>
    <message>
        <source>UMT5 learns a bias table in every layer; the first layer&apos;s is drawn</source>
        <translation>UMT5 每一层都学习一张偏置表；这里绘制第一层的</translation>
    </message>
    <message>
        <source>ViT: row 0 is the [CLS] token, rows 1.. a %1 x %1 grid of patches</source>
        <translation>ViT：第 0 行是 [CLS] 词元，第 1 行起是 %1 × %1 的图块网格</translation>
    </message>
    <message>
        <source>Your %1 is the %2 of the model&apos;s %3 layers (layer %4&apos;s, %5), but layer %6 (%7) is %8, which has no %2 view: the model&apos;s positional encoding applied on a layer without it (RoPE on a NoPE layer); leave q and k of layer %6 unrotated.</source>
        <translation>你的 %1 是该模型 %3 层的 %2（第 %4 层的，%5），但第 %6 层（%7）是 %8，没有 %2 视图：模型的位置编码被用在了没有位置编码的层上（在 NoPE 层上用了 RoPE）；第 %6 层的 q 和 k 应保持不旋转。</translation>
    </message>
    <message>
        <source>a view of layer %1&apos;s scheme %2 (%3): layer %1 (%4) is %2, which has no %5 view, and %6 is not the %5 of the model&apos;s %7 layers (layer %8&apos;s) either</source>
        <translation>第 %1 层的方案 %2 的一个视图（%3）：第 %1 层（%4）是 %2，没有 %5 视图，而 %6 也不是该模型 %7 层（第 %8 层）的 %5</translation>
    </message>
    <message>
        <source>layer_norm_eps = %1: the LayerNorm on rel_embeddings is drawn with eps = 1e-7</source>
        <translation>layer_norm_eps = %1：rel_embeddings 上的 LayerNorm 按 eps = 1e-7 绘制</translation>
    </message>
    <message>
        <source>layer_types: %1 entries for %2 layers (the family&apos;s default is drawn)</source>
        <translation>layer_types：%1 项，但有 %2 层（按该模型家族的默认规则绘制）</translation>
    </message>
    <message>
        <source>linear attention (Gated DeltaNet): no positional encoding</source>
        <translation>线性注意力（Gated DeltaNet）：没有位置编码</translation>
    </message>
    <message>
        <source>model_type &quot;%1&quot; is not in our table: drawn as generic RoPE from its rope_theta / rope_scaling / rope_parameters and head sizes</source>
        <translation>model_type &quot;%1&quot; 不在我们的表中：按通用 RoPE 绘制，取其 rope_theta / rope_scaling / rope_parameters 和头的尺寸</translation>
    </message>
    <message>
        <source>mscale(factor, mscale_all_dim)^2 = (0.1 * %1 * ln(%2) + 1)^2 (modeling_deepseek_v3.py: softmax scale qk_head_dim^-0.5 times it)</source>
        <translation>mscale(factor, mscale_all_dim)^2 = (0.1 * %1 * ln(%2) + 1)^2（modeling_deepseek_v3.py：softmax 缩放 qk_head_dim^-0.5 再乘以它）</translation>
    </message>
    <message>
        <source>multi-head latent attention: RoPE on the %1 dims of qk_rope_head_dim; the qk_nope_head_dim = %2 dims of each head carry no position</source>
        <translation>多头潜在注意力（MLA）：RoPE 只作用于 qk_rope_head_dim 的 %1 维；每个头另外的 qk_nope_head_dim = %2 维不带位置</translation>
    </message>
    <message>
        <source>no model_type: %1 from architectures %2 (transformers&apos; AutoConfig needs model_type; the class names the family)</source>
        <translation>没有 model_type：由 architectures 中的 %2 得到 %1（transformers 的 AutoConfig 需要 model_type；类名指明了模型家族）</translation>
    </message>
    <message>
        <source>no position_buckets: the model uses plain relative positions, which are not drawn (the scheme draws log buckets); its table of 2 max_relative_positions rows is refused unless buckets matches</source>
        <translation>没有 position_buckets：该模型使用普通相对位置，这里不绘制（本方案绘制对数分桶）；除非 buckets 相符，否则它那张 2 × max_relative_positions 行的表会被拒绝</translation>
    </message>
    <message>
        <source>no_rope_layers: this layer has no positional encoding (NoPE)</source>
        <translation>no_rope_layers：这一层没有位置编码（NoPE）</translation>
    </message>
    <message>
        <source>pairs are interleaved (rope_interleave), as DeepSeek&apos;s view_as_complex</source>
        <translation>维度对交错排列（rope_interleave），与 DeepSeek 的 view_as_complex 相同</translation>
    </message>
    <message>
        <source>position p of the text uses row p + %1 (padding_idx + 1): rows 0 .. %2 are never used</source>
        <translation>文本的位置 p 使用第 p + %1 行（padding_idx + 1）：第 0 .. %2 行从不使用</translation>
    </message>
    <message>
        <source>sliding_window = %1 is not used: use_sliding_window is false</source>
        <translation>sliding_window = %1 未启用：use_sliding_window 为 false</translation>
    </message>
    <message>
        <source>the position table is embedding_size = %1 wide (projected to hidden_size after the embeddings are summed)</source>
        <translation>位置表宽 embedding_size = %1（各嵌入相加后再投影到 hidden_size）</translation>
    </message>
    <message>
        <source>the relative embeddings are the checkpoint&apos;s; the content and W_q, W_k are random stand-ins</source>
        <translation>相对位置嵌入取自检查点；内容与 W_q、W_k 是随机替代</translation>
    </message>
    <message>
        <source>the text model&apos;s keys are read from text_config</source>
        <translation>文本模型的键从 text_config 中读取</translation>
    </message>
    <message>
        <source>tokens per step of the NoPE layers&apos; query scale (attn_temperature_tuning)</source>
        <translation>NoPE 层查询缩放每一级的词元数（attn_temperature_tuning）</translation>
    </message>
    <message>
        <source>u and v are the checkpoint&apos;s (layer 0 when untie_r); the content and W_q, W_k, W_R are random stand-ins</source>
        <translation>u 和 v 取自检查点（untie_r 时取第 0 层）；内容与 W_q、W_k、W_R 是随机替代</translation>
    </message>
</context>
<context>
    <name>posenc::choice</name>
    <message>
        <source>interleaved</source>
        <translation>交错</translation>
    </message>
    <message>
        <source>concatenated</source>
        <translation>拼接</translation>
    </message>
    <message>
        <source>tensor2tensor</source>
        <translation>拼接，T2T 频率</translation>
    </message>
    <message>
        <source>error</source>
        <translation>报错</translation>
    </message>
    <message>
        <source>clamp</source>
        <translation>截断到最后一行</translation>
    </message>
    <message>
        <source>repeat</source>
        <translation>循环重复</translation>
    </message>
    <message>
        <source>half</source>
        <translation>前后两半配对</translation>
    </message>
    <message>
        <source>none</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>线性插值</translation>
    </message>
    <message>
        <source>ntk</source>
        <translation>NTK 感知缩放</translation>
    </message>
    <message>
        <source>dynamic</source>
        <translation>动态 NTK</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>learned</source>
        <translation>可学习</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>不解耦（BERT）</translation>
    </message>
    <message>
        <source>tupe-a</source>
        <translation>解耦，无交叉项（论文）</translation>
    </message>
    <message>
        <source>tupe-r</source>
        <translation>解耦 + 相对位置偏置</translation>
    </message>
    <message>
        <source>untied-cross</source>
        <translation>解耦，保留交叉项</translation>
    </message>
    <message>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>log</source>
        <translation>对数</translation>
    </message>
    <message>
        <source>power</source>
        <translation>幂</translation>
    </message>
    <message>
        <source>yarn</source>
        <translation>YaRN 缩放</translation>
    </message>
    <message>
        <source>llama3</source>
        <translation>Llama 3.1 缩放</translation>
    </message>
    <message>
        <source>longrope</source>
        <translation>LongRoPE 缩放</translation>
    </message>
    <message>
        <source>encoder</source>
        <translation>编码器</translation>
    </message>
    <message>
        <source>decoder</source>
        <translation>解码器</translation>
    </message>
    <message>
        <source>layer_norm</source>
        <translation>LayerNorm 归一化</translation>
    </message>
    <message>
        <source>dot</source>
        <translation>点积</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>plain</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>proportional</source>
        <translation>按比例</translation>
    </message>
    <message>
        <source>sliding</source>
        <translation>滑动</translation>
    </message>
    <message>
        <source>chunked</source>
        <translation>分块</translation>
    </message>
</context>
<context>
    <name>posenc::core</name>
    <message>
        <source>Sinusoidal (Vaswani et al. 2017)</source>
        <translation>正弦位置编码（Vaswani 等，2017）</translation>
    </message>
    <message>
        <source>Fixed table added to the token embeddings: pair i holds sin(p·wᵢ) and cos(p·wᵢ), wᵢ = base^(−2i/d)</source>
        <translation>加到词嵌入上的固定表：第 i 个维度对存放 sin(p·wᵢ) 与 cos(p·wᵢ)，wᵢ = base^(−2i/d)</translation>
    </message>
    <message>
        <source>Sequence length: positions 0 .. length-1</source>
        <translation>序列长度：位置 0 .. length-1</translation>
    </message>
    <message>
        <source>Model width d (even): d/2 sin/cos pairs</source>
        <translation>模型宽度 d（偶数）：d/2 个 sin/cos 维度对</translation>
    </message>
    <message>
        <source>Base of the frequencies w_i = base^(-2i/d) (the paper uses 10000)</source>
        <translation>频率 w_i = base^(-2i/d) 的底数（论文取 10000）</translation>
    </message>
    <message>
        <source>Column order: interleaved = the paper (sin, cos of pair i in columns 2i, 2i+1); concatenated = all sines then all cosines (Transformer-XL, Marian, GPT-J); tensor2tensor = concatenated with w_i = base^(-i/(d/2-1)) (tensor2tensor, fairseq)</source>
        <translation>列的排列：interleaved = 论文做法（维度对 i 的 sin、cos 位于第 2i、2i+1 列）；concatenated = 先全部正弦再全部余弦（Transformer-XL、Marian、GPT-J）；tensor2tensor = concatenated 排列且 w_i = base^(-i/(d/2-1))（tensor2tensor、fairseq）</translation>
    </message>
    <message>
        <source>Shift k of the shift view: PE(p+k) = M_k PE(p) with rotations by k w_i</source>
        <translation>平移视图的平移量 k：PE(p+k) = M_k PE(p)，M_k 按 k w_i 旋转</translation>
    </message>
    <message>
        <source>How many sine columns the bands view draws, spread from the fastest pair to the slowest</source>
        <translation>正弦列视图绘制的正弦列数，从最快的维度对均匀取到最慢的</translation>
    </message>
    <message>
        <source>Longest sequence seen in training (the extrapolation view compares it with length)</source>
        <translation>训练时见过的最长序列（外推视图将其与 length 比较）</translation>
    </message>
    <message>
        <source>Sinusoidal encoding PE[p, k]</source>
        <translation>正弦位置编码 PE[p, k]</translation>
    </message>
    <message>
        <source>dimension k</source>
        <translation>维度 k</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>PE[p, k]</source>
        <translation>PE[p, k]</translation>
    </message>
    <message>
        <source>length x dim table: row = position p, column = dimension k; values in [-1, 1]; the layout decides which column holds sin(p w_i) or cos(p w_i) of pair i</source>
        <translation>length x dim 的表：行 = 位置 p，列 = 维度 k；取值在 [-1, 1]；layout 决定哪一列存放维度对 i 的 sin(p w_i) 或 cos(p w_i)</translation>
    </message>
    <message>
        <source>position q</source>
        <translation>位置 q</translation>
    </message>
    <message>
        <source>length x length dot products of table rows: depends only on p - q (constant along diagonals), d/2 on the diagonal, values in [-d/2, d/2], symmetric</source>
        <translation>表中各行之间的 length x length 点积：只取决于 p - q（沿对角线不变），对角线上为 d/2，取值在 [-d/2, d/2]，对称</translation>
    </message>
    <message>
        <source>Wavelength of each sin/cos pair</source>
        <translation>每个 sin/cos 维度对的波长</translation>
    </message>
    <message>
        <source>pair index i</source>
        <translation>维度对编号 i</translation>
    </message>
    <message>
        <source>d/2 wavelengths 2π/w_i, from 2π (pair 0) up to about 2π base (last pair); pairs below the sequence-length line complete a full period inside the sequence</source>
        <translation>d/2 个波长 2π/w_i，从 2π（维度对 0）到约 2π base（最后一对）；位于序列长度线以下的维度对在序列内能走完一个完整周期</translation>
    </message>
    <message>
        <source>Sine columns over position</source>
        <translation>正弦列随位置的变化</translation>
    </message>
    <message>
        <source>PE[p, k] for p = 0 .. length-1 of a few sine columns spread from the fastest pair (pair 0, wavelength 2π) to the slowest; values in [-1, 1]</source>
        <translation>几条正弦列的 PE[p, k]，p = 0 .. length-1，从最快的维度对（维度对 0，波长 2π）取到最慢的；取值在 [-1, 1]</translation>
    </message>
    <message>
        <source>residual (rounding only)</source>
        <translation>残差（仅舍入误差）</translation>
    </message>
    <message>
        <source>For p = 0 .. length-1 and k = offset: PE(p+k) is exactly a rotation M_k of PE(p) (sec. 3.5); the residual is floating-point rounding, ~1e-16, growing with p (at most 65536 positions, sampled evenly when length is larger)</source>
        <translation>对 p = 0 .. length-1 与 k = offset：PE(p+k) 恰好是 PE(p) 经旋转 M_k 的结果（论文 3.5 节）；残差只是浮点舍入误差，约 1e-16，随 p 增大（最多 65536 个位置，length 更大时均匀采样）</translation>
    </message>
    <message>
        <source>Beyond training: full periods of each pair</source>
        <translation>训练之外：每个维度对走过的完整周期数</translation>
    </message>
    <message>
        <source>pair index k</source>
        <translation>维度对编号 k</translation>
    </message>
    <message>
        <source>full periods over the positions (log)</source>
        <translation>这些位置上的完整周期数（对数刻度）</translation>
    </message>
    <message>
        <source>For each sin/cos pair i: full periods (L - 1) w_i / 2π over positions 0 .. L-1, at L = train_length and at L = length. Pairs below the one-period line in training saw only part of their circle, so positions past train_length give (sin, cos) values the model never saw; pairs above it only revisit seen values</source>
        <translation>对每个 sin/cos 维度对 i：在位置 0 .. L-1 上走过的完整周期数 (L - 1) w_i / 2π，分别取 L = train_length 与 L = length。训练时位于“一个周期”线以下的维度对只见过圆的一部分，所以超过 train_length 的位置会给出模型从未见过的 (sin, cos) 值；位于该线以上的维度对只会重复见过的值</translation>
    </message>
    <message>
        <source>pair i (sine column)</source>
        <translation>维度对 i（正弦列）</translation>
    </message>
    <message>
        <source>pair i (cosine column)</source>
        <translation>维度对 i（余弦列）</translation>
    </message>
    <message>
        <source>other %1 pairs</source>
        <translation>其余 %1 个维度对</translation>
    </message>
    <message>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>dim %1 (sin, pair %2, λ = %3)</source>
        <translation>第 %1 维（sin，维度对 %2，λ = %3）</translation>
    </message>
    <message>
        <source>‖PE(p+%1) − M_%2 PE(p)‖₂</source>
        <translation>‖PE(p+%1) − M_%2 PE(p)‖₂</translation>
    </message>
    <message>
        <source>training: positions %1 .. %2</source>
        <translation>训练：位置 %1 .. %2</translation>
    </message>
    <message>
        <source>length: positions %1 .. %2</source>
        <translation>length：位置 %1 .. %2</translation>
    </message>
    <message>
        <source>one full period</source>
        <translation>一个完整周期</translation>
    </message>
    <message>
        <source>never a full period in training</source>
        <translation>训练中从未走完一个周期</translation>
    </message>
    <message>
        <source>Learned absolute table (BERT, GPT-2)</source>
        <translation>可学习的绝对位置编码表（BERT、GPT-2）</translation>
    </message>
    <message>
        <source>Model width d: columns of the table</source>
        <translation>模型宽度 d：表的列数</translation>
    </message>
    <message>
        <source>Rows of the table: the longest sequence the model was built for</source>
        <translation>表的行数：模型设计时支持的最长序列</translation>
    </message>
    <message>
        <source>Standard deviation of the initial entries (GPT / BERT use 0.02)</source>
        <translation>初始元素的标准差（GPT / BERT 取 0.02）</translation>
    </message>
    <message>
        <source>Seed of the portable random generator for every random tensor</source>
        <translation>所有随机张量所用的可移植随机数生成器的种子</translation>
    </message>
    <message>
        <source>Positions p &gt;= max_len: error = refuse (as a real model does); clamp = reuse the last row; repeat = row p mod max_len (patterns recur)</source>
        <translation>位置 p &gt;= max_len 时：error = 拒绝（真实模型就是这样）；clamp = 重复使用最后一行；repeat = 使用第 p mod max_len 行（模式循环出现）</translation>
    </message>
    <message>
        <source>Learned position table T[r(p), k]</source>
        <translation>可学习的位置表 T[r(p), k]</translation>
    </message>
    <message>
        <source>T[r(p), k]</source>
        <translation>T[r(p), k]</translation>
    </message>
    <message>
        <source>Similarity of positions  T[r(p)] · T[r(q)]</source>
        <translation>位置相似度  T[r(p)] · T[r(q)]</translation>
    </message>
    <message>
        <source>T[r(p)] · T[r(q)]</source>
        <translation>T[r(p)] · T[r(q)]</translation>
    </message>
    <message>
        <source>Beyond max_len: which table row each position uses</source>
        <translation>超过 max_len：每个位置使用表的哪一行</translation>
    </message>
    <message>
        <source>table row r(p)</source>
        <translation>表行 r(p)</translation>
    </message>
    <message>
        <source>Row r(p) under each overflow rule for p = 0 .. max(length, 2 max_len) - 1: error stops at max_len (a real model refuses), clamp reuses row max_len - 1 for every later position (all look alike), repeat wraps to p mod max_len (positions max_len apart become identical); sampled evenly past 8192 positions</source>
        <translation>各越界规则下 p = 0 .. max(length, 2 max_len) - 1 的表行 r(p)：error 止于 max_len（真实模型会拒绝），clamp 对之后的每个位置都重复使用第 max_len - 1 行（看起来全都一样），repeat 回绕到 p mod max_len（相距 max_len 的位置变得完全相同）；超过 8192 个位置时均匀采样</translation>
    </message>
    <message>
        <source>table row r(p) = p</source>
        <translation>表行 r(p) = p</translation>
    </message>
    <message>
        <source>std</source>
        <translation>std</translation>
    </message>
    <message>
        <source>table row r(q) = q</source>
        <translation>表行 r(q) = q</translation>
    </message>
    <message>
        <source>|T[r(p)]|</source>
        <translation>|T[r(p)]|</translation>
    </message>
    <message>
        <source>|T[r(q)]|</source>
        <translation>|T[r(q)]|</translation>
    </message>
    <message>
        <source>cosine of the two rows</source>
        <translation>两行的余弦相似度</translation>
    </message>
    <message>
        <source>error: row p, refused from max_len = %1 on</source>
        <translation>error：第 p 行，从 max_len = %1 起拒绝</translation>
    </message>
    <message>
        <source>repeat: row p mod max_len</source>
        <translation>repeat：第 p mod max_len 行</translation>
    </message>
    <message>
        <source>table row r(p) = p mod max_len (repeated)</source>
        <translation>表行 r(p) = p mod max_len（重复）</translation>
    </message>
    <message>
        <source>repetition p div max_len</source>
        <translation>重复次数 p div max_len</translation>
    </message>
    <message>
        <source>table row r(q) = q mod max_len (repeated)</source>
        <translation>表行 r(q) = q mod max_len（重复）</translation>
    </message>
    <message>
        <source>repetition q div max_len</source>
        <translation>重复次数 q div max_len</translation>
    </message>
    <message>
        <source>T5 relative bias (Raffel et al. 2020)</source>
        <translation>T5 相对位置偏置（Raffel 等，2020）</translation>
    </message>
    <message>
        <source>Sequence length L: queries and keys 0..L-1</source>
        <translation>序列长度 L：查询和键为 0..L-1</translation>
    </message>
    <message>
        <source>Number of buckets (HF relative_attention_num_buckets; T5 uses 32)</source>
        <translation>桶的数量（HF 的 relative_attention_num_buckets；T5 取 32）</translation>
    </message>
    <message>
        <source>Number of attention heads (columns of the bias table)</source>
        <translation>注意力头数（偏置表的列数）</translation>
    </message>
    <message>
        <source>Head whose bias is shown (0-based, less than heads)</source>
        <translation>显示其偏置的注意力头（从 0 开始，小于 heads）</translation>
    </message>
    <message>
        <source>key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>query position i</source>
        <translation>查询位置 i</translation>
    </message>
    <message>
        <source>bucket id</source>
        <translation>桶编号</translation>
    </message>
    <message>
        <source>length x length, rows query i, columns key j: bucket(j - i) as HF _relative_position_bucket computes it; keys after the query (r &gt; 0, upper triangle) use buckets n_b+1..2n_b-1 (n_b = buckets/2) when bidirectional and bucket 0 when unidirectional</source>
        <translation>length x length，行为查询 i，列为键 j：按 HF 的 _relative_position_bucket 计算的 bucket(j - i)；查询之后的键（r &gt; 0，上三角）在双向时使用桶 n_b+1..2n_b-1（n_b = buckets/2），单向时使用桶 0</translation>
    </message>
    <message>
        <source>Bucket of every r from -(length-1) to length-1 (whole range): exact for distances below max_exact, log-spaced up to max_distance, the last bucket beyond</source>
        <translation>从 -(length-1) 到 length-1 的每个 r 的桶（整个范围）：距离小于 max_exact 时精确对应，到 max_distance 为止按对数间隔，再远则为最后一个桶</translation>
    </message>
    <message>
        <source>Beyond max_distance: every farther key shares the last bucket</source>
        <translation>超过 max_distance：更远的键全部共用最后一个桶</translation>
    </message>
    <message>
        <source>Bucket of a key d positions before the query (r = -d) and, bidirectional, after it (r = +d), for d = 0 .. max(length, 2 max_distance) - 1: exact below max_exact, log-spaced up to max_distance, then constant: T5 cannot tell distances past max_distance apart, which is why it extrapolates gracefully but blindly; sampled evenly past 8192 distances</source>
        <translation>在查询之前 d 个位置的键（r = -d）以及（双向时）之后 d 个位置的键（r = +d）所在的桶，d = 0 .. max(length, 2 max_distance) - 1：小于 max_exact 时精确对应，到 max_distance 为止按对数间隔，之后不变：T5 无法区分超过 max_distance 的距离，所以它外推平稳，却看不出远处的差别；超过 8192 个距离时均匀采样</translation>
    </message>
    <message>
        <source>distance n in the bucket formula</source>
        <translation>分桶公式中的距离 n</translation>
    </message>
    <message>
        <source>bucket</source>
        <translation>桶</translation>
    </message>
    <message>
        <source>exact bucket (%1) or log-spaced (%2)</source>
        <translation>精确桶（%1）或对数间隔桶（%2）</translation>
    </message>
    <message>
        <source>key d positions after the query (r = +d)</source>
        <translation>查询之后 d 个位置的键（r = +d）</translation>
    </message>
    <message>
        <source>ALiBi (Press et al. 2022)</source>
        <translation>ALiBi 线性偏置（Press 等，2022）</translation>
    </message>
    <message>
        <source>No position embedding: each head subtracts slope mₕ times the query-key distance from the attention logits</source>
        <translation>不使用位置嵌入：每个注意力头从注意力分数中减去斜率 mₕ 乘以查询与键之间的距离</translation>
    </message>
    <message>
        <source>Number of attention heads n (sets the slopes)</source>
        <translation>注意力头数 n（决定各斜率）</translation>
    </message>
    <message>
        <source>true: the paper&apos;s causal form, future keys masked; false: symmetric -m_h |i - j| (encoder variant)</source>
        <translation>true：论文的因果形式，未来的键被掩码；false：对称形式 -m_h |i - j|（编码器变体）</translation>
    </message>
    <message>
        <source>Longest sequence seen in training (the paper trains on 512 or 1024; the extrapolation view marks it)</source>
        <translation>训练时见过的最长序列（论文用 512 或 1024 训练；外推视图会标出它）</translation>
    </message>
    <message>
        <source>ALiBi slope of each head</source>
        <translation>每个注意力头的 ALiBi 斜率</translation>
    </message>
    <message>
        <source>head h</source>
        <translation>注意力头 h</translation>
    </message>
    <message>
        <source>Slope m_h for h = 0..heads-1 as get_slopes computes it: 2^(-8(h+1)/n) for n a power of two, otherwise the slopes of the closest smaller power of two followed by every other slope of twice that</source>
        <translation>按 get_slopes 计算的斜率 m_h，h = 0..heads-1：n 为 2 的幂时为 2^(-8(h+1)/n)，否则先取不超过 n 的最大 2 的幂对应的斜率，再取其两倍头数对应斜率中隔一取一的部分</translation>
    </message>
    <message>
        <source>length x length for head `head`, rows query i, columns key j: the paper&apos;s form -m_h (i - j) for j &lt;= i, masked for j &gt; i (causal) or -m_h |i - j| (symmetric); never scaled. Implementations add +m_h j per row instead, which softmax cannot tell apart</source>
        <translation>注意力头 `head` 的 length x length 矩阵，行为查询 i，列为键 j：论文的形式，j &lt;= i 时为 -m_h (i - j)，j &gt; i 时被掩码（因果），或 -m_h |i - j|（对称）；从不缩放。实际实现常改为每行加上 +m_h j，softmax 无法区分两者</translation>
    </message>
    <message>
        <source>Beyond training: the bias keeps falling linearly</source>
        <translation>训练之外：偏置继续线性下降</translation>
    </message>
    <message>
        <source>Bias of head `head` over distances 0 .. max(length, 2 train_length) - 1, split at train_length: the part seen in training and the part past it, which is the same line continued (nothing new to learn, so ALiBi extrapolates); with the steepest (head 0) and flattest (last head) slopes for comparison; sampled evenly past 8192 distances</source>
        <translation>注意力头 `head` 在距离 0 .. max(length, 2 train_length) - 1 上的偏置，在 train_length 处分开：训练中见过的部分与之后的部分，后者只是同一条直线的延续（没有新东西要学，所以 ALiBi 能外推）；并画出最陡（注意力头 0）与最平（最后一个注意力头）的斜率作比较；超过 8192 个距离时均匀采样</translation>
    </message>
    <message>
        <source>masked (%1: key after the query)</source>
        <translation>被掩码（%1：键在查询之后）</translation>
    </message>
    <message>
        <source>head %1: seen in training (distance &lt; %2)</source>
        <translation>注意力头 %1：训练中见过（距离 &lt; %2）</translation>
    </message>
    <message>
        <source>head %1: beyond training, the same line continued</source>
        <translation>注意力头 %1：训练之外，同一条直线的延续</translation>
    </message>
    <message>
        <source>head %1 (flattest)</source>
        <translation>注意力头 %1（最平）</translation>
    </message>
    <message>
        <source>RoPE (Su et al. 2021, RoFormer)</source>
        <translation>RoPE 旋转位置编码（Su 等，2021，RoFormer）</translation>
    </message>
    <message>
        <source>Rotary position embedding: each pair of dimensions of q and k is rotated by mθₖ; the score ⟨Rₘq, Rₙk⟩ depends only on m − n</source>
        <translation>旋转位置编码：q 与 k 的每个维度对旋转 mθₖ；分数 ⟨Rₘq, Rₙk⟩ 只取决于 m − n</translation>
    </message>
    <message>
        <source>Sequence length: positions 0..length-1</source>
        <translation>序列长度：位置 0..length-1</translation>
    </message>
    <message>
        <source>Head width d (even): d/2 rotation pairs</source>
        <translation>注意力头宽度 d（偶数）：d/2 个旋转维度对</translation>
    </message>
    <message>
        <source>Base of the frequencies theta_k = base^(-2k/d)</source>
        <translation>频率 theta_k = base^(-2k/d) 的底数</translation>
    </message>
    <message>
        <source>Pairing: half = LLaMA/NeoX rotate_half (k, k + d/2); interleaved = RoFormer/GPT-J rotate_every_two (2k, 2k + 1)</source>
        <translation>维度配对：half = LLaMA/NeoX 的 rotate_half（k, k + d/2）；interleaved = RoFormer/GPT-J 的 rotate_every_two（2k, 2k + 1）</translation>
    </message>
    <message>
        <source>Query positions compared in the invariance view</source>
        <translation>相对性视图中比较的查询位置个数</translation>
    </message>
    <message>
        <source>position m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>Over pair index k = 0..d/2-1: theta_k = base^(-2k/d) and wavelength 2 pi / theta_k, before and after scaling (log scale)</source>
        <translation>对维度对编号 k = 0..d/2-1：theta_k = base^(-2k/d) 与波长 2 pi / theta_k，缩放前后（对数刻度）</translation>
    </message>
    <message>
        <source>key position n</source>
        <translation>键位置 n</translation>
    </message>
    <message>
        <source>query position m</source>
        <translation>查询位置 m</translation>
    </message>
    <message>
        <source>Relative property: RoPE vs absolute sinusoidal</source>
        <translation>相对性：RoPE 与绝对正弦位置编码对比</translation>
    </message>
    <message>
        <source>score (raw dot product)</source>
        <translation>分数（原始点积）</translation>
    </message>
    <message>
        <source>For `queries` query positions m: RoPE score(m, m - x), whose curves coincide, and (q + PE_m) . (k + PE_n) with the interleaved sinusoidal table, whose curves do not; x = 0..min(length, 4096)-1 (keys at or before the query), gaps where n &lt; 0</source>
        <translation>对 `queries` 个查询位置 m：RoPE 的 score(m, m - x)，这些曲线彼此重合；以及使用 interleaved 正弦表的 (q + PE_m) . (k + PE_n)，这些曲线不重合；x = 0..min(length, 4096)-1（键在查询处或之前），n &lt; 0 处留空</translation>
    </message>
    <message>
        <source>Long-term decay bound (RoFormer sec. 3.4.3)</source>
        <translation>远程衰减上界（RoFormer 3.4.3 节）</translation>
    </message>
    <message>
        <source>(1/(d/2)) sum_{j=1..d/2} |S_j|, S_j = sum_{k&lt;j} e^{i r theta_k} (scaled theta), for r = 0..min(length, 65536)-1; starts at (d/2 + 1)/2; decays, but not monotonically</source>
        <translation>(1/(d/2)) sum_{j=1..d/2} |S_j|，S_j = sum_{k&lt;j} e^{i r theta_k}（用缩放后的 theta），r = 0..min(length, 65536)-1；起点为 (d/2 + 1)/2；会衰减，但不单调</translation>
    </message>
    <message>
        <source>Rotation of one pair of q as the position grows</source>
        <translation>随位置增大，q 的一个维度对的旋转</translation>
    </message>
    <message>
        <source>Path of pair `pair` (a, b) of q rotated to m = 0..min(length-1, 2000) (half: dims k, k + d/2; interleaved: 2k, 2k + 1), on the circle of radius |(a, b)|: norm preserved</source>
        <translation>q 的维度对 `pair`（a, b）旋转到 m = 0..min(length-1, 2000) 的轨迹（half：第 k、k + d/2 维；interleaved：第 2k、2k + 1 维），位于半径为 |(a, b)| 的圆上：范数保持不变</translation>
    </message>
    <message>
        <source>Beyond training: full periods of each rotation pair</source>
        <translation>训练之外：每个旋转维度对走过的完整周期数</translation>
    </message>
    <message>
        <source>pair k</source>
        <translation>维度对 k</translation>
    </message>
    <message>
        <source>RoPE, m = %1</source>
        <translation>RoPE，m = %1</translation>
    </message>
    <message>
        <source>absolute sinusoidal, m = %1</source>
        <translation>绝对正弦位置编码，m = %1</translation>
    </message>
    <message>
        <source>circle of radius |(a, b)| = %1</source>
        <translation>半径 |(a, b)| = %1 的圆</translation>
    </message>
    <message>
        <source>training: %1 positions, no scaling</source>
        <translation>训练：%1 个位置，不缩放</translation>
    </message>
    <message>
        <source>length %1, no scaling</source>
        <translation>length %1，不缩放</translation>
    </message>
    <message>
        <source>length %1, linear s = %2</source>
        <translation>length %1，linear s = %2</translation>
    </message>
    <message>
        <source>length %1, NTK s = %2</source>
        <translation>length %1，NTK s = %2</translation>
    </message>
    <message>
        <source>length %1, dynamic s = %2</source>
        <translation>length %1，dynamic s = %2</translation>
    </message>
    <message>
        <source>Transformer-XL relative attention (Dai et al. 2019)</source>
        <translation>Transformer-XL 相对位置注意力（Dai 等，2019）</translation>
    </message>
    <message>
        <source>Query length q_len: tokens of the current segment h</source>
        <translation>查询长度 q_len：当前片段 h 的词元数</translation>
    </message>
    <message>
        <source>Memory length mlen: cached hidden states of the previous segment (keys only); k_len = mlen + q_len</source>
        <translation>记忆长度 mlen：缓存的上一片段隐藏状态（只作为键）；k_len = mlen + q_len</translation>
    </message>
    <message>
        <source>Model width d_model; a multiple of heads; even when relative = sinusoidal</source>
        <translation>模型宽度 d_model；须为 heads 的倍数；relative = sinusoidal 时须为偶数</translation>
    </message>
    <message>
        <source>Number of heads; d_head = d_model / heads</source>
        <translation>注意力头数；d_head = d_model / heads</translation>
    </message>
    <message>
        <source>Head shown, 0 .. heads-1</source>
        <translation>显示的注意力头，0 .. heads-1</translation>
    </message>
    <message>
        <source>Distances above clamp_len use R_clamp_len (the reference&apos;s clamp_len); 0 = none</source>
        <translation>大于 clamp_len 的距离使用 R_clamp_len（参考实现的 clamp_len）；0 = 不截断</translation>
    </message>
    <message>
        <source>R_delta: sinusoidal (the paper, concatenated sin|cos, base 10000) or learned (the seed article&apos;s table of 2 max_len - 1 rows)</source>
        <translation>R_delta：sinusoidal（论文做法，sin|cos 拼接，底数 10000）或 learned（参考文章中 2 max_len - 1 行的表）</translation>
    </message>
    <message>
        <source>relative = learned: table rows for delta in -(max_len-1) .. max_len-1; larger distances are clamped to max_len - 1</source>
        <translation>relative = learned 时：表行对应 -(max_len-1) .. max_len-1 内的 delta；更大的距离截断到 max_len - 1</translation>
    </message>
    <message>
        <source>key position j (j &lt; mlen: memory)</source>
        <translation>键位置 j（j &lt; mlen：记忆）</translation>
    </message>
    <message>
        <source>query i (position mlen + i)</source>
        <translation>查询 i（位置 mlen + i）</translation>
    </message>
    <message>
        <source>(a)</source>
        <translation>(a)</translation>
    </message>
    <message>
        <source>Term (a): content query against content key q_i . k_j / sqrt(d_head); q_len x k_len, row = query i, col = key j, delta = i + mlen - j; signed; masked (j &gt; i + mlen) cells empty</source>
        <translation>项 (a)：内容查询对内容键 q_i . k_j / sqrt(d_head)；q_len x k_len，行 = 查询 i，列 = 键 j，delta = i + mlen - j；有正有负；被掩码（j &gt; i + mlen）的单元格为空</translation>
    </message>
    <message>
        <source>(b)</source>
        <translation>(b)</translation>
    </message>
    <message>
        <source>Term (b): content query against relative position q_i . r_delta / sqrt(d_head); q_len x k_len, row = query i, col = key j, delta = i + mlen - j; signed; masked (j &gt; i + mlen) cells empty</source>
        <translation>项 (b)：内容查询对相对位置 q_i . r_delta / sqrt(d_head)；q_len x k_len，行 = 查询 i，列 = 键 j，delta = i + mlen - j；有正有负；被掩码（j &gt; i + mlen）的单元格为空</translation>
    </message>
    <message>
        <source>(c)</source>
        <translation>(c)</translation>
    </message>
    <message>
        <source>Term (c): global bias u against content key u . k_j (same in every row) / sqrt(d_head); q_len x k_len, row = query i, col = key j, delta = i + mlen - j; signed; masked (j &gt; i + mlen) cells empty</source>
        <translation>项 (c)：全局偏置 u 对内容键 u . k_j（每行相同）/ sqrt(d_head)；q_len x k_len，行 = 查询 i，列 = 键 j，delta = i + mlen - j；有正有负；被掩码（j &gt; i + mlen）的单元格为空</translation>
    </message>
    <message>
        <source>(d)</source>
        <translation>(d)</translation>
    </message>
    <message>
        <source>Term (d): global bias v against relative position v . r_delta (constant along diagonals) / sqrt(d_head); q_len x k_len, row = query i, col = key j, delta = i + mlen - j; signed; masked (j &gt; i + mlen) cells empty</source>
        <translation>项 (d)：全局偏置 v 对相对位置 v . r_delta（沿对角线不变）/ sqrt(d_head)；q_len x k_len，行 = 查询 i，列 = 键 j，delta = i + mlen - j；有正有负；被掩码（j &gt; i + mlen）的单元格为空</translation>
    </message>
    <message>
        <source>(a) + (c)</source>
        <translation>(a) + (c)</translation>
    </message>
    <message>
        <source>Content part AC = (a) + (c), as the reference computes it / sqrt(d_head); q_len x k_len, row = query i, col = key j, delta = i + mlen - j; signed; masked (j &gt; i + mlen) cells empty</source>
        <translation>内容部分 AC = (a) + (c)，按参考实现的方式计算 / sqrt(d_head)；q_len x k_len，行 = 查询 i，列 = 键 j，delta = i + mlen - j；有正有负；被掩码（j &gt; i + mlen）的单元格为空</translation>
    </message>
    <message>
        <source>(b) + (d)</source>
        <translation>(b) + (d)</translation>
    </message>
    <message>
        <source>Position part BD = (b) + (d): the reference&apos;s _rel_shift((q + v) r^T) (equal to it, tested), evaluated for the cells drawn / sqrt(d_head); q_len x k_len, row = query i, col = key j, delta = i + mlen - j; signed; masked (j &gt; i + mlen) cells empty</source>
        <translation>位置部分 BD = (b) + (d)：即参考实现的 _rel_shift((q + v) r^T)（已测试二者相等），只计算绘制的单元格 / sqrt(d_head)；q_len x k_len，行 = 查询 i，列 = 键 j，delta = i + mlen - j；有正有负；被掩码（j &gt; i + mlen）的单元格为空</translation>
    </message>
    <message>
        <source>Attention logits  (a) + (b) + (c) + (d)</source>
        <translation>注意力分数  (a) + (b) + (c) + (d)</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Logits (AC + BD) / sqrt(d_head), the causal mask applied after summing; q_len x k_len, row = query i, col = key j, delta = i + mlen - j; signed; masked (j &gt; i + mlen) cells empty</source>
        <translation>注意力分数 (AC + BD) / sqrt(d_head)，因果掩码在求和之后施加；q_len x k_len，行 = 查询 i，列 = 键 j，delta = i + mlen - j；有正有负；被掩码（j &gt; i + mlen）的单元格为空</translation>
    </message>
    <message>
        <source>Causal mask over segment + memory  (1 = attended)</source>
        <translation>片段 + 记忆上的因果掩码  （1 = 可关注）</translation>
    </message>
    <message>
        <source>attended</source>
        <translation>可关注</translation>
    </message>
    <message>
        <source>1 where key j &lt;= i + mlen (attended), 0 where j &gt; i + mlen (masked); q_len x k_len, row = query i, col = key j</source>
        <translation>键 j &lt;= i + mlen 处为 1（可关注），j &gt; i + mlen 处为 0（被掩码）；q_len x k_len，行 = 查询 i，列 = 键 j</translation>
    </message>
    <message>
        <source>Attention weights  softmax over keys</source>
        <translation>注意力权重  对键做 softmax</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>softmax of the scores over the unmasked keys of each row (rows sum to 1); q_len x k_len, masked cells empty; k_len at most 65536 (a weight needs its whole row)</source>
        <translation>每行在未被掩码的键上对分数做 softmax（每行之和为 1）；q_len x k_len，被掩码的单元格为空；k_len 最多 65536（一个权重需要整行）</translation>
    </message>
    <message>
        <source>Memory of the relative-position term: explicit tensor vs rel-shift</source>
        <translation>相对位置项的内存：显式张量与 rel-shift 对比</translation>
    </message>
    <message>
        <source>query length q_len</source>
        <translation>查询长度 q_len</translation>
    </message>
    <message>
        <source>bytes per head (float32)</source>
        <translation>每个注意力头的字节数（float32）</translation>
    </message>
    <message>
        <source>float32 bytes per head, batch 1, over q_len = 1..max(1024, qlen) at the current mlen and d_head: the explicit [q_len, k_len, d_head] tensor of r vectors vs the rel-shift trick&apos;s extra r (k_len x d_head) and padded q_len x (k_len+1) copy of scalars, about d_head times smaller; points mark the current q_len and the seed article&apos;s figures at head_dim 64 (512: 67,108,864 B ~ 67 MB; 1024: 268,435,456 B ~ 268 MB)</source>
        <translation>每个注意力头的 float32 字节数，batch 为 1，q_len = 1..max(1024, qlen)，使用当前的 mlen 与 d_head：由 r 向量组成的显式 [q_len, k_len, d_head] 张量，对比 rel-shift 技巧额外需要的 r（k_len x d_head）与填充后的 q_len x (k_len+1) 标量副本，后者约小 d_head 倍；圆点标出当前的 q_len，以及参考文章在 head_dim 64 时的数字（512：67,108,864 B ~ 67 MB；1024：268,435,456 B ~ 268 MB）</translation>
    </message>
    <message>
        <source>score = (a) + (b) + (c) + (d)</source>
        <translation>分数 = (a) + (b) + (c) + (d)</translation>
    </message>
    <message>
        <source>AC = (a) + (c)</source>
        <translation>AC = (a) + (c)</translation>
    </message>
    <message>
        <source>BD = (b) + (d)</source>
        <translation>BD = (b) + (d)</translation>
    </message>
    <message>
        <source>clamped (%1 = yes)</source>
        <translation>是否截断（%1 = 是）</translation>
    </message>
    <message>
        <source>masked: key j &gt; i + mlen (in the future)</source>
        <translation>被掩码：键 j &gt; i + mlen（在未来）</translation>
    </message>
    <message>
        <source>attended (%1) or masked (%2)</source>
        <translation>可关注（%1）或被掩码（%2）</translation>
    </message>
    <message>
        <source>explicit [q_len, k_len, d_head] tensor (k_len = q_len + %1, d_head = %2)</source>
        <translation>显式 [q_len, k_len, d_head] 张量（k_len = q_len + %1，d_head = %2）</translation>
    </message>
    <message>
        <source>rel-shift extra: r and the padded copy (k_len = q_len + %1, d_head = %2)</source>
        <translation>rel-shift 额外内存：r 与填充副本（k_len = q_len + %1，d_head = %2）</translation>
    </message>
    <message>
        <source>current q_len = %1</source>
        <translation>当前 q_len = %1</translation>
    </message>
    <message>
        <source>seed article: explicit tensor at head_dim %1 (%2 MB, %3 MB)</source>
        <translation>参考文章：head_dim %1 时的显式张量（%2 MB，%3 MB）</translation>
    </message>
    <message>
        <source>TUPE (Ke, He, Liu 2021)</source>
        <translation>TUPE 解耦位置编码（Ke、He、Liu，2021）</translation>
    </message>
    <message>
        <source>Untied positional encoding: content and position get separate projections; the attention logit of one head split into content and position terms</source>
        <translation>解耦位置编码：内容与位置使用各自的投影；单个注意力头的注意力分数拆分为内容项与位置项</translation>
    </message>
    <message>
        <source>Sequence length; position 0 is the [CLS] token (the attention view: at most 65536)</source>
        <translation>序列长度；位置 0 为 [CLS] 词元（注意力视图：最多 65536）</translation>
    </message>
    <message>
        <source>Model width d_model (a multiple of heads)</source>
        <translation>模型宽度 d_model（heads 的倍数）</translation>
    </message>
    <message>
        <source>Number of attention heads; d_head = d_model / heads</source>
        <translation>注意力头数；d_head = d_model / heads</translation>
    </message>
    <message>
        <source>Head shown (less than heads)</source>
        <translation>显示的注意力头（小于 heads）</translation>
    </message>
    <message>
        <source>tied: BERT (x+p)W; tupe-a: the paper, untied, no cross terms; tupe-r: tupe-a + T5 relative bias; untied-cross: seed article 003, cross terms kept, pp replaced by relative bias</source>
        <translation>tied：BERT 的 (x+p)W；tupe-a：论文做法，解耦，无交叉项；tupe-r：tupe-a + T5 相对位置偏置；untied-cross：参考文章 003 的做法，保留交叉项，pp 换成相对位置偏置</translation>
    </message>
    <message>
        <source>Untie [CLS] (paper Eq. 9): positional part of row 0 = theta_1, of column 0 = theta_2 (no effect on tied)</source>
        <translation>解耦 [CLS]（论文式 9）：第 0 行的位置部分 = theta_1，第 0 列的位置部分 = theta_2（对 tied 无影响）</translation>
    </message>
    <message>
        <source>T5 bidirectional buckets of the relative bias</source>
        <translation>相对位置偏置所用的 T5 双向桶数</translation>
    </message>
    <message>
        <source>T5 max distance: beyond it |j - i| shares the last bucket (&gt; buckets/4)</source>
        <translation>T5 最大距离：超过它的 |j - i| 共用最后一个桶（&gt; buckets/4）</translation>
    </message>
    <message>
        <source>content-to-content  cc</source>
        <translation>内容对内容  cc</translation>
    </message>
    <message>
        <source>cc</source>
        <translation>cc</translation>
    </message>
    <message>
        <source>(x_i W^Q).(x_j W^K) / sqrt(d_head) (tied, untied-cross) or / sqrt(2 d_head) (tupe-a, tupe-r); length x length, row = query i, column = key j, signed</source>
        <translation>(x_i W^Q).(x_j W^K) / sqrt(d_head)（tied、untied-cross）或 / sqrt(2 d_head)（tupe-a、tupe-r）；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>content-to-position  cp</source>
        <translation>内容对位置  cp</translation>
    </message>
    <message>
        <source>cp</source>
        <translation>cp</translation>
    </message>
    <message>
        <source>(x_i W^Q).(p_j W^K) / sqrt(d_head) (tied) or (x_i W^Q).(p_j U^K) / sqrt(d_head) (untied-cross); removed in this variant (exactly 0) for tupe-a, tupe-r; length x length, row = query i, column = key j, signed</source>
        <translation>(x_i W^Q).(p_j W^K) / sqrt(d_head)（tied）或 (x_i W^Q).(p_j U^K) / sqrt(d_head)（untied-cross）；在 tupe-a、tupe-r 中被去掉（恰为 0）；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>position-to-content  pc</source>
        <translation>位置对内容  pc</translation>
    </message>
    <message>
        <source>pc</source>
        <translation>pc</translation>
    </message>
    <message>
        <source>(p_i W^Q).(x_j W^K) / sqrt(d_head) (tied) or (p_i U^Q).(x_j W^K) / sqrt(d_head) (untied-cross); removed in this variant (exactly 0) for tupe-a, tupe-r; length x length, row = query i, column = key j, signed</source>
        <translation>(p_i W^Q).(x_j W^K) / sqrt(d_head)（tied）或 (p_i U^Q).(x_j W^K) / sqrt(d_head)（untied-cross）；在 tupe-a、tupe-r 中被去掉（恰为 0）；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>position-to-position  pp</source>
        <translation>位置对位置  pp</translation>
    </message>
    <message>
        <source>pp</source>
        <translation>pp</translation>
    </message>
    <message>
        <source>(p_i W^Q).(p_j W^K) / sqrt(d_head) (tied), (p_i U^Q).(p_j U^K) / sqrt(2 d_head) (tupe-a, tupe-r; with untie_cls row 0 = theta_1, rest of column 0 = theta_2); removed in this variant (exactly 0) for untied-cross; length x length, row = query i, column = key j, signed</source>
        <translation>(p_i W^Q).(p_j W^K) / sqrt(d_head)（tied），(p_i U^Q).(p_j U^K) / sqrt(2 d_head)（tupe-a、tupe-r；开启 untie_cls 时第 0 行 = theta_1，第 0 列其余元素 = theta_2）；在 untied-cross 中被去掉（恰为 0）；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>bias</source>
        <translation>偏置</translation>
    </message>
    <message>
        <source>b[bucket(j - i)] from T5 bidirectional buckets, unscaled (tupe-r, untied-cross); with untie_cls 0 in the [CLS] row and column (tupe-r; the official code adds two extra buckets there) or theta_1 / theta_2 (untied-cross); removed in this variant (exactly 0) for tied, tupe-a; length x length, row = query i, column = key j, signed</source>
        <translation>按 T5 双向分桶得到的 b[bucket(j - i)]，不缩放（tupe-r、untied-cross）；开启 untie_cls 时 [CLS] 行和列为 0（tupe-r；官方代码在那里额外加两个桶）或 theta_1 / theta_2（untied-cross）；在 tied、tupe-a 中被去掉（恰为 0）；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>cc + cp + pc + pp + bias, the logit before softmax; length x length, row = query i, column = key j, signed</source>
        <translation>cc + cp + pc + pp + bias，即 softmax 之前的分数；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>row-wise softmax of the total over all keys j; each row sums to 1; length x length, row = query i, column = key j, in (0, 1]; length at most 65536 (a weight needs its whole row)</source>
        <translation>对总分数按行在所有键 j 上做 softmax；每行之和为 1；length x length，行 = 查询 i，列 = 键 j，取值在 (0, 1]；length 最多 65536（一个权重需要整行）</translation>
    </message>
    <message>
        <source>positional part  pp + bias</source>
        <translation>位置部分  pp + bias</translation>
    </message>
    <message>
        <source>pp + bias</source>
        <translation>pp + bias</translation>
    </message>
    <message>
        <source>the content-independent part of the logit: pp + bias (the paper&apos;s positional correlation v_ij); [CLS] row theta_1 and column theta_2 with untie_cls; length x length, row = query i, column = key j, signed</source>
        <translation>分数中与内容无关的部分：pp + bias（论文中的位置相关性 v_ij）；开启 untie_cls 时 [CLS] 行为 theta_1、列为 theta_2；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>cp  (removed in this variant)</source>
        <translation>cp  （此变体中已去掉）</translation>
    </message>
    <message>
        <source>pc  (removed in this variant)</source>
        <translation>pc  （此变体中已去掉）</translation>
    </message>
    <message>
        <source>bias  (removed in this variant)</source>
        <translation>bias  （此变体中已去掉）</translation>
    </message>
    <message>
        <source>[CLS] cell (%1 if i = %2 or j = %3)</source>
        <translation>[CLS] 单元格（i = %2 或 j = %3 时为 %1）</translation>
    </message>
    <message>
        <source>bias  %1 ([CLS] cell: reset with pp, paper Eq. %2)</source>
        <translation>bias  %1（[CLS] 单元格：与 pp 一起重置，论文式 %2）</translation>
    </message>
    <message>
        <source>pp  (removed in this variant)</source>
        <translation>pp  （此变体中已去掉）</translation>
    </message>
    <message>
        <source>Distance from which every key shares the last, catch-all bucket (HF relative_attention_max_distance; T5 uses 128; the log spacing can reach that bucket a little earlier, at 91 with the defaults); must exceed max_exact</source>
        <translation>从这个距离起所有键共用最后一个“兜底”桶（HF 的 relative_attention_max_distance；T5 取 128；对数间隔可能更早一点到达该桶，默认参数下在 91）；必须大于 max_exact</translation>
    </message>
    <message>
        <source>max_distance = %1: every farther key shares the last bucket</source>
        <translation>max_distance = %1：更远的键全部共用最后一个桶</translation>
    </message>
    <message>
        <source>wavelength 2π/wᵢ (positions)</source>
        <translation>波长 2π/wᵢ（位置数）</translation>
    </message>
    <message>
        <source>Rounding-level residual  ‖PE(p+k) − Mₖ PE(p)‖₂</source>
        <translation>舍入级残差  ‖PE(p+k) − Mₖ PE(p)‖₂</translation>
    </message>
    <message>
        <source>frequency wᵢ (rad per position)</source>
        <translation>频率 wᵢ（每个位置的弧度）</translation>
    </message>
    <message>
        <source>wavelength %1π/wᵢ (positions)</source>
        <translation>波长 %1π/wᵢ（位置数）</translation>
    </message>
    <message>
        <source>angle p·wᵢ (rad)</source>
        <translation>角度 p·wᵢ（弧度）</translation>
    </message>
    <message>
        <source>distance p − q</source>
        <translation>距离 p − q</translation>
    </message>
    <message>
        <source>pair %1: cos((p − q) w_%2)</source>
        <translation>维度对 %1：cos((p − q) w_%2)</translation>
    </message>
    <message>
        <source>wavelength %1π/wᵢ</source>
        <translation>波长 %1π/wᵢ</translation>
    </message>
    <message>
        <source>N(%1, %2) draw (value = std × draw)</source>
        <translation>N(%1, %2) 抽样值（值 = std × 抽样值）</translation>
    </message>
    <message>
        <source>clamp: row min(p, max_len − %1)</source>
        <translation>clamp：第 min(p, max_len − %1) 行</translation>
    </message>
    <message>
        <source>table row r(p): clamped to max_len − %1</source>
        <translation>表行 r(p)：截断到 max_len − %1</translation>
    </message>
    <message>
        <source>table row r(q): clamped to max_len − %1</source>
        <translation>表行 r(q)：截断到 max_len − %1</translation>
    </message>
    <message>
        <source>T5 bucket of the offset r = j − i</source>
        <translation>偏移 r = j − i 的 T5 桶</translation>
    </message>
    <message>
        <source>Bucket of each offset r = j − i</source>
        <translation>每个偏移 r = j − i 的桶</translation>
    </message>
    <message>
        <source>relative position r = j − i (key minus query)</source>
        <translation>相对位置 r = j − i（键减查询）</translation>
    </message>
    <message>
        <source>T5 bias of one head: table[bucket(j − i)][h]</source>
        <translation>单个注意力头的 T5 偏置：table[bucket(j − i)][h]</translation>
    </message>
    <message>
        <source>bias  table[bucket(j − i)][h]</source>
        <translation>偏置  table[bucket(j − i)][h]</translation>
    </message>
    <message>
        <source>distance d = |j − i|</source>
        <translation>距离 d = |j − i|</translation>
    </message>
    <message>
        <source>relative position r = j − i</source>
        <translation>相对位置 r = j − i</translation>
    </message>
    <message>
        <source>key d positions before the query (r = −d)</source>
        <translation>查询之前 d 个位置的键（r = −d）</translation>
    </message>
    <message>
        <source>slope mₕ</source>
        <translation>斜率 mₕ</translation>
    </message>
    <message>
        <source>ALiBi bias of one head: −mₕ(i − j)</source>
        <translation>单个注意力头的 ALiBi 偏置：−mₕ(i − j)</translation>
    </message>
    <message>
        <source>bias  −mₕ(i − j)</source>
        <translation>偏置  −mₕ(i − j)</translation>
    </message>
    <message>
        <source>distance i − j (key before the query)</source>
        <translation>距离 i − j（键在查询之前）</translation>
    </message>
    <message>
        <source>bias −mₕ(i − j)</source>
        <translation>偏置 −mₕ(i − j)</translation>
    </message>
    <message>
        <source>distance i − j</source>
        <translation>距离 i − j</translation>
    </message>
    <message>
        <source>distance |i − j|</source>
        <translation>距离 |i − j|</translation>
    </message>
    <message>
        <source>bias −mₕ|i − j|</source>
        <translation>偏置 −mₕ|i − j|</translation>
    </message>
    <message>
        <source>Rotation angles mθₖ</source>
        <translation>旋转角 mθₖ</translation>
    </message>
    <message>
        <source>angle mθₖ (rad)</source>
        <translation>角度 mθₖ（弧度）</translation>
    </message>
    <message>
        <source>Frequencies θₖ and wavelengths 2π/θₖ</source>
        <translation>频率 θₖ 与波长 2π/θₖ</translation>
    </message>
    <message>
        <source>θₖ (rad per position) / wavelength (positions)</source>
        <translation>θₖ（每个位置的弧度）/ 波长（位置数）</translation>
    </message>
    <message>
        <source>RoPE scores ⟨Rₘq, Rₙk⟩</source>
        <translation>RoPE 分数 ⟨Rₘq, Rₙk⟩</translation>
    </message>
    <message>
        <source>score ⟨Rₘq, Rₙk⟩</source>
        <translation>分数 ⟨Rₘq, Rₙk⟩</translation>
    </message>
    <message>
        <source>relative distance x = m − n</source>
        <translation>相对距离 x = m − n</translation>
    </message>
    <message>
        <source>relative distance r = m − n</source>
        <translation>相对距离 r = m − n</translation>
    </message>
    <message>
        <source>(1/(d/2)) Σⱼ |Sⱼ|</source>
        <translation>(1/(d/2)) Σⱼ |Sⱼ|</translation>
    </message>
    <message>
        <source>first component a&apos; = a cos(mθₖ) − b sin(mθₖ)</source>
        <translation>第一分量 a&apos; = a cos(mθₖ) − b sin(mθₖ)</translation>
    </message>
    <message>
        <source>second component b&apos; = a sin(mθₖ) + b cos(mθₖ)</source>
        <translation>第二分量 b&apos; = a sin(mθₖ) + b cos(mθₖ)</translation>
    </message>
    <message>
        <source>θₖ (rad per position, after scaling)</source>
        <translation>θₖ（每个位置的弧度，缩放后）</translation>
    </message>
    <message>
        <source>angle mod %1π (rad)</source>
        <translation>角度 mod %1π（弧度）</translation>
    </message>
    <message>
        <source>wavelength %1π/θₖ (positions)</source>
        <translation>波长 %1π/θₖ（位置数）</translation>
    </message>
    <message>
        <source>θₖ before scaling</source>
        <translation>缩放前的 θₖ</translation>
    </message>
    <message>
        <source>θₖ after scaling (none)</source>
        <translation>缩放后的 θₖ（none）</translation>
    </message>
    <message>
        <source>wavelength %1π/θₖ before scaling</source>
        <translation>缩放前的波长 %1π/θₖ</translation>
    </message>
    <message>
        <source>wavelength %1π/θₖ after scaling (none)</source>
        <translation>缩放后的波长 %1π/θₖ（none）</translation>
    </message>
    <message>
        <source>distance m − n</source>
        <translation>距离 m − n</translation>
    </message>
    <message>
        <source>score ⟨Rₘq, Rₙk⟩ (total)</source>
        <translation>分数 ⟨Rₘq, Rₙk⟩（总和）</translation>
    </message>
    <message>
        <source>pair %1 (θₖ = %2)</source>
        <translation>维度对 %1（θₖ = %2）</translation>
    </message>
    <message>
        <source>relative upper bound (%1/(d/%2)) Σⱼ |Sⱼ|</source>
        <translation>相对上界 (%1/(d/%2)) Σⱼ |Sⱼ|</translation>
    </message>
    <message>
        <source>Rₘ(a, b), m = %1..%2 (pair %3: dims %4, %5)</source>
        <translation>Rₘ(a, b)，m = %1..%2（维度对 %3：第 %4、%5 维）</translation>
    </message>
    <message>
        <source>θₖ after scaling (linear)</source>
        <translation>缩放后的 θₖ（linear）</translation>
    </message>
    <message>
        <source>wavelength %1π/θₖ after scaling (linear)</source>
        <translation>缩放后的波长 %1π/θₖ（linear）</translation>
    </message>
    <message>
        <source>θₖ after scaling (ntk)</source>
        <translation>缩放后的 θₖ（ntk）</translation>
    </message>
    <message>
        <source>wavelength %1π/θₖ after scaling (ntk)</source>
        <translation>缩放后的波长 %1π/θₖ（ntk）</translation>
    </message>
    <message>
        <source>θₖ after scaling (dynamic)</source>
        <translation>缩放后的 θₖ（dynamic）</translation>
    </message>
    <message>
        <source>wavelength %1π/θₖ after scaling (dynamic)</source>
        <translation>缩放后的波长 %1π/θₖ（dynamic）</translation>
    </message>
    <message>
        <source>(a) content-content  qᵢ · kⱼ / √d_head</source>
        <translation>(a) 内容对内容  qᵢ · kⱼ / √d_head</translation>
    </message>
    <message>
        <source>(c) global content bias  u · kⱼ / √d_head</source>
        <translation>(c) 全局内容偏置  u · kⱼ / √d_head</translation>
    </message>
    <message>
        <source>AC = (qᵢ + u) · kⱼ / √d_head</source>
        <translation>AC = (qᵢ + u) · kⱼ / √d_head</translation>
    </message>
    <message>
        <source>(a) qᵢ · kⱼ / √d_head</source>
        <translation>(a) qᵢ · kⱼ / √d_head</translation>
    </message>
    <message>
        <source>(c) u · kⱼ / √d_head</source>
        <translation>(c) u · kⱼ / √d_head</translation>
    </message>
    <message>
        <source>distance δ = i + mlen − j</source>
        <translation>距离 δ = i + mlen − j</translation>
    </message>
    <message>
        <source>δ used for R (after clamping)</source>
        <translation>R 所用的 δ（截断后）</translation>
    </message>
    <message>
        <source>score sᵢⱼ</source>
        <translation>分数 sᵢⱼ</translation>
    </message>
    <message>
        <source>row log-sum-exp  log Σⱼ exp(sᵢⱼ)</source>
        <translation>行的 log-sum-exp  log Σⱼ exp(sᵢⱼ)</translation>
    </message>
    <message>
        <source>attention = exp(sᵢⱼ − log-sum-exp)</source>
        <translation>注意力 = exp(sᵢⱼ − log-sum-exp)</translation>
    </message>
    <message>
        <source>relative bias  bⱼ₋ᵢ</source>
        <translation>相对位置偏置  bⱼ₋ᵢ</translation>
    </message>
    <message>
        <source>attention logit  αᵢⱼ</source>
        <translation>注意力分数  αᵢⱼ</translation>
    </message>
    <message>
        <source>αᵢⱼ</source>
        <translation>αᵢⱼ</translation>
    </message>
    <message>
        <source>attention weights  softmaxⱼ αᵢⱼ</source>
        <translation>注意力权重  softmaxⱼ αᵢⱼ</translation>
    </message>
    <message>
        <source>cc  (xᵢW^Q) · (xⱼW^K) / √(%1 d_head)</source>
        <translation>cc  (xᵢW^Q) · (xⱼW^K) / √(%1 d_head)</translation>
    </message>
    <message>
        <source>pp  θ₁ ([CLS] row, untied)</source>
        <translation>pp  θ₁（[CLS] 行，解耦）</translation>
    </message>
    <message>
        <source>total  αᵢⱼ = cc + cp + pc + pp + bias</source>
        <translation>总分  αᵢⱼ = cc + cp + pc + pp + bias</translation>
    </message>
    <message>
        <source>j − i</source>
        <translation>j − i</translation>
    </message>
    <message>
        <source>bucket of j − i</source>
        <translation>j − i 所在的桶</translation>
    </message>
    <message>
        <source>untied [CLS] value  θ₁ ([CLS] row, untied)</source>
        <translation>解耦的 [CLS] 值  θ₁（[CLS] 行，解耦）</translation>
    </message>
    <message>
        <source>pp  θ₂ ([CLS] column, untied)</source>
        <translation>pp  θ₂（[CLS] 列，解耦）</translation>
    </message>
    <message>
        <source>untied [CLS] value  θ₂ ([CLS] column, untied)</source>
        <translation>解耦的 [CLS] 值  θ₂（[CLS] 列，解耦）</translation>
    </message>
    <message>
        <source>pp  (pᵢU^Q) · (pⱼU^K) / √(%1 d_head)</source>
        <translation>pp  (pᵢU^Q) · (pⱼU^K) / √(%1 d_head)</translation>
    </message>
    <message>
        <source>attention  softmaxⱼ αᵢⱼ</source>
        <translation>注意力  softmaxⱼ αᵢⱼ</translation>
    </message>
    <message>
        <source>cc  (xᵢW^Q) · (xⱼW^K) / √d_head</source>
        <translation>cc  (xᵢW^Q) · (xⱼW^K) / √d_head</translation>
    </message>
    <message>
        <source>cp  (xᵢW^Q) · (pⱼW^K) / √d_head</source>
        <translation>cp  (xᵢW^Q) · (pⱼW^K) / √d_head</translation>
    </message>
    <message>
        <source>pc  (pᵢW^Q) · (xⱼW^K) / √d_head</source>
        <translation>pc  (pᵢW^Q) · (xⱼW^K) / √d_head</translation>
    </message>
    <message>
        <source>pp  (pᵢW^Q) · (pⱼW^K) / √d_head</source>
        <translation>pp  (pᵢW^Q) · (pⱼW^K) / √d_head</translation>
    </message>
    <message>
        <source>bias  bⱼ₋ᵢ (unscaled)</source>
        <translation>bias  bⱼ₋ᵢ（不缩放）</translation>
    </message>
    <message>
        <source>cp  (xᵢW^Q) · (pⱼU^K) / √d_head</source>
        <translation>cp  (xᵢW^Q) · (pⱼU^K) / √d_head</translation>
    </message>
    <message>
        <source>pc  (pᵢU^Q) · (xⱼW^K) / √d_head</source>
        <translation>pc  (pᵢU^Q) · (xⱼW^K) / √d_head</translation>
    </message>
    <message>
        <source>bias  θ₁ ([CLS] row, untied)</source>
        <translation>bias  θ₁（[CLS] 行，解耦）</translation>
    </message>
    <message>
        <source>bias  θ₂ ([CLS] column, untied)</source>
        <translation>bias  θ₂（[CLS] 列，解耦）</translation>
    </message>
    <message>
        <source>Absolute position table p_i: sinusoidal = the sinusoidal encoding of width d_model (interleaved sin, cos as in the Transformer paper; d_model even), so pp shows structure from positions; random = N(0, 1) rows, a stand-in for an untrained learned table</source>
        <translation>绝对位置表 p_i：sinusoidal = 宽度为 d_model 的正弦位置编码（与 Transformer 论文一样 sin、cos 交错排列；d_model 须为偶数），pp 因而显示来自位置的结构；random = N(0, 1) 的行，代替未经训练的可学习表</translation>
    </message>
    <message>
        <source>Variant tupe-a has no cross terms between content and position; choose tied or untied-cross</source>
        <translation>变体 tupe-a 没有内容与位置之间的交叉项；请选择 tied 或 untied-cross</translation>
    </message>
    <message>
        <source>Variant tupe-a has no relative bias; choose tupe-r or untied-cross</source>
        <translation>变体 tupe-a 没有相对位置偏置；请选择 tupe-r 或 untied-cross</translation>
    </message>
    <message>
        <source>Variant tied has no relative bias; choose tupe-r or untied-cross</source>
        <translation>变体 tied 没有相对位置偏置；请选择 tupe-r 或 untied-cross</translation>
    </message>
    <message>
        <source>Variant tupe-r has no cross terms between content and position; choose tied or untied-cross</source>
        <translation>变体 tupe-r 没有内容与位置之间的交叉项；请选择 tied 或 untied-cross</translation>
    </message>
    <message>
        <source>Variant untied-cross has no position-to-position term (the relative bias replaces it); choose tied, tupe-a or tupe-r</source>
        <translation>变体 untied-cross 没有位置-位置项（由相对位置偏置取代）；请选择 tied、tupe-a 或 tupe-r</translation>
    </message>
    <message>
        <source>xPos (Sun et al. 2022)</source>
        <translation>xPos（Sun 等，2022）</translation>
    </message>
    <message>
        <source>Rotation frequencies θ_j = base^(-2j/d) (torchscale fixes 10000)</source>
        <translation>旋转频率 θ_j = base^(-2j/d)（torchscale 固定为 10000）</translation>
    </message>
    <message>
        <source>Distance over which the scale ζ_j is applied once (torchscale scale_base, 512)</source>
        <translation>缩放系数 ζ_j 恰好作用一次的距离（torchscale 的 scale_base，512）</translation>
    </message>
    <message>
        <source>The 0.4 of ζ_j = (2j + 0.4 d)/(1.4 d): smaller gamma, faster decay of the fast pairs</source>
        <translation>ζ_j = (2j + 0.4 d)/(1.4 d) 中的 0.4：gamma 越小，快速维度对衰减越快</translation>
    </message>
    <message>
        <source>xPos scale of each pair: ζⱼ</source>
        <translation>每个维度对的 xPos 缩放系数：ζⱼ</translation>
    </message>
    <message>
        <source>pair j</source>
        <translation>维度对 j</translation>
    </message>
    <message>
        <source>ζⱼ</source>
        <translation>ζⱼ</translation>
    </message>
    <message>
        <source>ζ_j = (2j + gamma d)/((1 + gamma) d) for pairs j = 0..d/2-1 (torchscale&apos;s `scale` buffer), in [gamma/(1+gamma), 1), and ζ_j^((length-1)/scale_base), the weight of pair j at the longest distance: the fast pairs (small j) decay most</source>
        <translation>维度对 j = 0..d/2-1 的 ζ_j = (2j + gamma d)/((1 + gamma) d)（torchscale 的 `scale` 缓冲区），取值在 [gamma/(1+gamma), 1) 内；以及 ζ_j^((length-1)/scale_base)，即第 j 对在最远距离处的权重：快速维度对（j 小）衰减最多</translation>
    </message>
    <message>
        <source>length x d/2: row = distance m - n &gt;= 0 (key before the query), column = pair j; the factor that multiplies pair j&apos;s RoPE term in q&apos;.k&apos;, in (0, 1], 1 at distance 0</source>
        <translation>length x d/2：行 = 距离 m - n &gt;= 0（键在查询之前），列 = 维度对 j；在 q&apos;.k&apos; 中乘到第 j 对 RoPE 项上的因子，取值在 (0, 1] 内，距离 0 处为 1</translation>
    </message>
    <message>
        <source>xPos scores q′·k′ (random q and k)</source>
        <translation>xPos 注意力分数 q′·k′（随机 q 与 k）</translation>
    </message>
    <message>
        <source>q′·k′</source>
        <translation>q′·k′</translation>
    </message>
    <message>
        <source>length x length, row = query m, column = key n: the raw dot product (no 1/sqrt(d)) of q scaled and rotated at m and k downscaled and rotated at n, the same random q and k at every position; depends on m - n only; masked for n &gt; m (xPos is used causally: there the scale would grow, not decay)</source>
        <translation>length x length，行 = 查询 m，列 = 键 n：q 在 m 处放大并旋转、k 在 n 处缩小并旋转后的原始点积（不除以 sqrt(d)），每个位置用同一对随机 q 和 k；只取决于 m - n；n &gt; m 处被掩码（xPos 用于因果注意力：在那里缩放会增长而不是衰减）</translation>
    </message>
    <message>
        <source>Still relative: q′·k′ against m − n at several query positions</source>
        <translation>仍然是相对的：不同查询位置上 q′·k′ 随 m − n 的变化</translation>
    </message>
    <message>
        <source>q&apos;_m . k&apos;_n formed from the two vectors as torchscale forms them (scales at the centred positions t + min_pos), for up to four query positions m, against m - n = 0..m: the curves coincide, the centring cancels in the product; sampled evenly past 2048 distances</source>
        <translation>按 torchscale 的方式由两个向量计算 q&apos;_m . k&apos;_n（缩放使用居中位置 t + min_pos），最多取四个查询位置 m，横轴为 m - n = 0..m：各曲线重合，居中偏移在乘积中抵消；超过 2048 个距离时均匀采样</translation>
    </message>
    <message>
        <source>ζⱼ = (%1j + γd)/((%2 + γ)d)</source>
        <translation>ζⱼ = (%1j + γd)/((%2 + γ)d)</translation>
    </message>
    <message>
        <source>exponent (m − n)/scale_base</source>
        <translation>指数 (m − n)/scale_base</translation>
    </message>
    <message>
        <source>score q′·k′ (total)</source>
        <translation>分数 q′·k′（总和）</translation>
    </message>
    <message>
        <source>the other pairs together</source>
        <translation>其余维度对之和</translation>
    </message>
    <message>
        <source>score q′·k′ (masked: key after the query)</source>
        <translation>分数 q′·k′（被掩码：键在查询之后）</translation>
    </message>
    <message>
        <source>query at m = %1 (centred %2)</source>
        <translation>查询位于 m = %1（居中后 %2）</translation>
    </message>
    <message>
        <source>query at m = %1 (centred -%2)</source>
        <translation>查询位于 m = %1（居中后 -%2）</translation>
    </message>
    <message>
        <source>NoPE (Kazemnejad et al. 2023)</source>
        <translation>NoPE（Kazemnejad 等，2023）</translation>
    </message>
    <message>
        <source>No position encoding at all: a causal decoder whose only position signal is the mask that hides the keys after each query</source>
        <translation>完全不用位置编码：因果解码器唯一的位置信号是被掩码每个查询之后的键的掩码</translation>
    </message>
    <message>
        <source>Sequence length L: queries and keys 0..L-1 (attention and entropy: at most 65536)</source>
        <translation>序列长度 L：查询和键为 0..L-1（attention 与 entropy 视图：至多 65536）</translation>
    </message>
    <message>
        <source>Head width d of the random q and k</source>
        <translation>随机 q 和 k 的头宽 d</translation>
    </message>
    <message>
        <source>The causal mask: the only position signal</source>
        <translation>因果掩码：唯一的位置信号</translation>
    </message>
    <message>
        <source>may attend (1) / masked (0)</source>
        <translation>可关注（1）/ 被掩码（0）</translation>
    </message>
    <message>
        <source>Causal attention with no position information: softmaxⱼ(qᵢ·kⱼ/√d)</source>
        <translation>没有位置信息的因果注意力：softmaxⱼ(qᵢ·kⱼ/√d)</translation>
    </message>
    <message>
        <source>Entropy of each attention row against ln(i + 1)</source>
        <translation>每行注意力的熵与 ln(i + 1) 的比较</translation>
    </message>
    <message>
        <source>entropy (nats)</source>
        <translation>熵（奈特）</translation>
    </message>
    <message>
        <source>may attend (%1: j ≤ i, %2: masked)</source>
        <translation>可关注（%1：j ≤ i，%2：被掩码）</translation>
    </message>
    <message>
        <source>logit qᵢ·kⱼ/√d</source>
        <translation>注意力分数 qᵢ·kⱼ/√d</translation>
    </message>
    <message>
        <source>weight softmaxⱼ</source>
        <translation>权重 softmaxⱼ</translation>
    </message>
    <message>
        <source>keys in the row (i + %1)</source>
        <translation>该行的键数（i + %1）</translation>
    </message>
    <message>
        <source>uniform weight %1/(i + %2)</source>
        <translation>均匀权重 %1/(i + %2)</translation>
    </message>
    <message>
        <source>logit qᵢ·kⱼ/√d (masked: key after the query)</source>
        <translation>注意力分数 qᵢ·kⱼ/√d（被掩码：键在查询之后）</translation>
    </message>
    <message>
        <source>weight (masked)</source>
        <translation>权重（被掩码）</translation>
    </message>
    <message>
        <source>entropy of the attention row i</source>
        <translation>第 i 行注意力的熵</translation>
    </message>
    <message>
        <source>ln(i + %1): uniform attention over i + %2 keys</source>
        <translation>ln(i + %1)：在 i + %2 个键上均匀分配注意力</translation>
    </message>
    <message>
        <source>KERPLE (Chi et al. 2022)</source>
        <translation>KERPLE（Chi 等，2022）</translation>
    </message>
    <message>
        <source>A learned kernel of the distance added to the causal attention logits: log −r₁ log(1 + r₂|i − j|) or power −a|i − j|^p, per head</source>
        <translation>加在因果注意力分数 上的、按头学习的距离核：对数形式 −r₁ log(1 + r₂|i − j|) 或幂形式 −a|i − j|^p</translation>
    </message>
    <message>
        <source>Number of attention heads (sets the ALiBi slope the curve view compares with)</source>
        <translation>注意力头数（决定 curve 视图用来比较的 ALiBi 斜率）</translation>
    </message>
    <message>
        <source>Head shown (less than heads): r1, r2, a and p are this head&apos;s learned values</source>
        <translation>显示的头（小于 heads）：r1、r2、a 和 p 是该头学到的值</translation>
    </message>
    <message>
        <source>log: -r1 log(1 + r2 |i - j|) (the paper&apos;s best); power: -a |i - j|^p</source>
        <translation>log：-r1 log(1 + r2 |i - j|)（论文中效果最好）；power：-a |i - j|^p</translation>
    </message>
    <message>
        <source>Log kernel scale r1 &gt; 0 (the code&apos;s bias_p, clamped to &gt;= 0.01)</source>
        <translation>对数核的尺度 r1 &gt; 0（代码中的 bias_p，被限制为 &gt;= 0.01）</translation>
    </message>
    <message>
        <source>Log kernel distance factor r2 &gt; 0 (the code&apos;s bias_a, clamped to &gt;= 0.01)</source>
        <translation>对数核的距离系数 r2 &gt; 0（代码中的 bias_a，被限制为 &gt;= 0.01）</translation>
    </message>
    <message>
        <source>Power kernel scale a &gt; 0 (the code&apos;s bias_a, clamped to &gt;= 0.01)</source>
        <translation>幂核的尺度 a &gt; 0（代码中的 bias_a，被限制为 &gt;= 0.01）</translation>
    </message>
    <message>
        <source>Power kernel exponent 0 &lt; p &lt;= 2 (the code&apos;s bias_p, clamped to [0.01, 2]); p = 1 with a = the ALiBi slope is ALiBi</source>
        <translation>幂核的指数 0 &lt; p &lt;= 2（代码中的 bias_p，被限制在 [0.01, 2] 内）；p = 1 且 a = ALiBi 斜率时就是 ALiBi</translation>
    </message>
    <message>
        <source>KERPLE bias of one head</source>
        <translation>单个头的 KERPLE 偏置</translation>
    </message>
    <message>
        <source>length x length, row = query i, column = key j: -r1 log(1 + r2 (i - j)) (log) or -a (i - j)^p (power) for j &lt;= i, added to the logits unscaled; &lt;= 0, 0 on the diagonal; masked for j &gt; i (the code&apos;s tril gives 0 there, which the causal mask hides)</source>
        <translation>length x length，行 = 查询 i，列 = 键 j：j &lt;= i 时为 -r1 log(1 + r2 (i - j))（log）或 -a (i - j)^p（power），不经缩放直接加到 注意力分数 上；&lt;= 0，对角线为 0；j &gt; i 处被掩码（代码的 tril 在那里给出 0，被因果掩码遮住）</translation>
    </message>
    <message>
        <source>KERPLE bias over distance: log, power and ALiBi</source>
        <translation>KERPLE 偏置随距离的变化：对数、幂与 ALiBi</translation>
    </message>
    <message>
        <source>distance d = i − j</source>
        <translation>距离 d = i − j</translation>
    </message>
    <message>
        <source>The bias of head `head` over distances 0..length-1 with both kernels at the given parameters (the chosen variant first), and ALiBi&apos;s -m_h d for the same head, which is the power kernel with p = 1 and a fixed slope; sampled evenly past 8192 distances</source>
        <translation>头 `head` 在距离 0..length-1 上的偏置：两种核都用给定的参数（所选变体在前），以及同一头的 ALiBi 偏置 -m_h d，即 p = 1、斜率固定的幂核；超过 8192 个距离时均匀采样</translation>
    </message>
    <message>
        <source>r₁ (scale)</source>
        <translation>r₁（尺度）</translation>
    </message>
    <message>
        <source>r₂ (distance factor)</source>
        <translation>r₂（距离系数）</translation>
    </message>
    <message>
        <source>log(%1 + r₂(i − j))</source>
        <translation>log(%1 + r₂(i − j))</translation>
    </message>
    <message>
        <source>bias −r₁ log(%1 + r₂(i − j))</source>
        <translation>偏置 −r₁ log(%1 + r₂(i − j))</translation>
    </message>
    <message>
        <source>head %1, log: −r₁ log(%2 + r₂ d)</source>
        <translation>头 %1，对数核：−r₁ log(%2 + r₂ d)</translation>
    </message>
    <message>
        <source>ALiBi slope of head %1 of %2: −mₕ d (power kernel, p = %3)</source>
        <translation>%2 个头中头 %1 的 ALiBi 斜率：−mₕ d（幂核，p = %3）</translation>
    </message>
    <message>
        <source>a (scale)</source>
        <translation>a（尺度）</translation>
    </message>
    <message>
        <source>p (exponent)</source>
        <translation>p（指数）</translation>
    </message>
    <message>
        <source>(i − j)^p</source>
        <translation>(i − j)^p</translation>
    </message>
    <message>
        <source>bias −a(i − j)^p</source>
        <translation>偏置 −a(i − j)^p</translation>
    </message>
    <message>
        <source>Sandwich (Chi et al. 2023)</source>
        <translation>Sandwich（Chi 等，2023）</translation>
    </message>
    <message>
        <source>The inner product of two sinusoidal embeddings as a bias: Σₖ cos((i − j) ωₖ) − d/2, divided per head, 0 at distance 0 and falling then flattening with the distance</source>
        <translation>把两个正弦嵌入的内积用作偏置：Σₖ cos((i − j) ωₖ) − d/2，按头相除；距离 0 处为 0，随距离先下降后变平</translation>
    </message>
    <message>
        <source>d, NeMo&apos;s hidden_size (even): d/2 frequencies ω_k = 10000^(-2k/d), k = 1..d/2</source>
        <translation>d，即 NeMo 的 hidden_size（偶数）：d/2 个频率 ω_k = 10000^(-2k/d)，k = 1..d/2</translation>
    </message>
    <message>
        <source>Number of heads n: head h divides by (h + 1)·8/n</source>
        <translation>头数 n：头 h 除以 (h + 1)·8/n</translation>
    </message>
    <message>
        <source>true: decoder, keys after the query masked (NeMo bidirectional = false); false: symmetric in i - j</source>
        <translation>true：解码器，查询之后的键被掩码（NeMo 的 bidirectional = false）；false：关于 i - j 对称</translation>
    </message>
    <message>
        <source>Sandwich bias of one head: (Σₖ cos((i − j)ωₖ) − d/2)/((h + 1)·8/n)</source>
        <translation>单个头的 Sandwich 偏置：(Σₖ cos((i − j)ωₖ) − d/2)/((h + 1)·8/n)</translation>
    </message>
    <message>
        <source>length x length for head `head`, row = query i, column = key j: (sum_k cos(|i - j| w_k) - d/2) / ((h + 1) 8 / heads), added to the logits; &lt;= 0, 0 on the diagonal, symmetric in i - j; masked for j &gt; i when causal (NeMo&apos;s tril gives 0 there, which the causal mask hides)</source>
        <translation>头 `head` 的 length x length 矩阵，行 = 查询 i，列 = 键 j：(sum_k cos(|i - j| w_k) - d/2) / ((h + 1) 8 / heads)，加到 注意力分数 上；&lt;= 0，对角线为 0，关于 i - j 对称；causal 时 j &gt; i 处被掩码（NeMo 的 tril 在那里给出 0，被因果掩码遮住）</translation>
    </message>
    <message>
        <source>Sandwich bias over distance, per head</source>
        <translation>Sandwich 偏置随距离的变化（每个头）</translation>
    </message>
    <message>
        <source>Σₖ cos(|i − j| ωₖ)</source>
        <translation>Σₖ cos(|i − j| ωₖ)</translation>
    </message>
    <message>
        <source>d/%1</source>
        <translation>d/%1</translation>
    </message>
    <message>
        <source>head divisor (h + %1)·%2/heads</source>
        <translation>头的除数 (h + %1)·%2/heads</translation>
    </message>
    <message>
        <source>bias (Σₖ cos − d/%1)/divisor</source>
        <translation>偏置 (Σₖ cos − d/%1)/除数</translation>
    </message>
    <message>
        <source>head %1 (the bias view&apos;s)</source>
        <translation>头 %1（bias 视图中的头）</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>The bias over distances 0..length-1 for every head (up to 8 heads; beyond, the chosen head, the first and the last): one shape, divided by (h + 1) 8 / heads, so head 0 is the steepest; it falls fast over the first distances, then ever more slowly and with waves towards -d/2 divided by the head&apos;s divisor; sampled evenly past 8192 distances</source>
        <translation>每个头在距离 0..length-1 上的偏置（最多 8 个头；超过时为所选头、第一个头和最后一个头）：形状相同，只是除以 (h + 1) 8 / heads，所以头 0 最陡；在最初的几个距离上迅速下降，之后下降越来越慢并带有波动，趋向 -d/2 除以该头的除数；超过 8192 个距离时均匀采样</translation>
    </message>
    <message>
        <source>Relative position representations (Shaw et al. 2018)</source>
        <translation>Shaw 相对位置表示（Shaw 等，2018）</translation>
    </message>
    <message>
        <source>A learned vector per clipped distance clip(j − i, −k, k), added to the key (aᴷ) and to the value (aⱽ) inside attention</source>
        <translation>每个截断距离 clip(j − i, −k, k) 一个可学习向量，在注意力内部加到键（aᴷ）和值（aⱽ）上</translation>
    </message>
    <message>
        <source>Sequence length: queries and keys 0..length-1 (the values view: at most 65536)</source>
        <translation>序列长度：查询和键为 0..length-1（values 视图：最多 65536）</translation>
    </message>
    <message>
        <source>Head width d_z (t2t key_depth_per_head): q, k, v, aᴷ and aⱽ have d_z entries</source>
        <translation>头宽 d_z（t2t 的 key_depth_per_head）：q、k、v、aᴷ 和 aⱽ 都有 d_z 个分量</translation>
    </message>
    <message>
        <source>Clipping distance k (t2t max_relative_position): distances beyond ±k share the table rows of ±k; the tables have 2k+1 rows</source>
        <translation>截断距离 k（t2t 的 max_relative_position）：超过 ±k 的距离共用 ±k 那一行；两张表各有 2k+1 行</translation>
    </message>
    <message>
        <source>Table row  clip(j − i, −k, k) + k</source>
        <translation>表的行号  clip(j − i, −k, k) + k</translation>
    </message>
    <message>
        <source>index</source>
        <translation>行号</translation>
    </message>
    <message>
        <source>The row of aᴷ and aⱽ used by query i and key j: clip(j - i, -k, k) + k in 0..2k, as tensor2tensor&apos;s _generate_relative_positions_matrix (key minus query); k at the diagonal, 0 for keys k or more before the query, 2k for keys k or more after it; length x length, row = query i, column = key j</source>
        <translation>查询 i 与键 j 使用的 aᴷ、aⱽ 行号：clip(j - i, -k, k) + k，取值 0..2k，与 tensor2tensor 的 _generate_relative_positions_matrix 一致（键减查询）；对角线上为 k，位于查询之前 k 个及更远的键为 0，之后 k 个及更远的键为 2k；length x length，行 = 查询 i，列 = 键 j</translation>
    </message>
    <message>
        <source>Relative key table  aᴷ</source>
        <translation>相对键表  aᴷ</translation>
    </message>
    <message>
        <source>dimension of d_z</source>
        <translation>d_z 的维度</translation>
    </message>
    <message>
        <source>row t (relative distance t − k)</source>
        <translation>第 t 行（相对距离 t − k）</translation>
    </message>
    <message>
        <source>aᴷ</source>
        <translation>aᴷ</translation>
    </message>
    <message>
        <source>The (2k+1) x d_z table of key-side relative vectors, row t for the clipped distance t - k (-k..k); N(0, 1) from seed, standing in for learned values</source>
        <translation>键一侧相对向量的 (2k+1) x d_z 表，第 t 行对应截断距离 t - k（-k..k）；由 seed 生成的 N(0, 1)，代替可学习的值</translation>
    </message>
    <message>
        <source>Logits  eᵢⱼ = qᵢ·kⱼ/√d_z + qᵢ·aᴷᵢⱼ/√d_z</source>
        <translation>注意力分数  eᵢⱼ = qᵢ·kⱼ/√d_z + qᵢ·aᴷᵢⱼ/√d_z</translation>
    </message>
    <message>
        <source>eᵢⱼ</source>
        <translation>eᵢⱼ</translation>
    </message>
    <message>
        <source>(q_i . k_j + q_i . a^K_ij) / sqrt(d_z), the two terms of t2t&apos;s _relative_attention_inner (q scaled by d_z^-0.5 before the call, in multihead_attention); q, k and a^K are N(0, 1) stand-ins drawn per position; signed; length x length, row = query i, column = key j</source>
        <translation>(q_i . k_j + q_i . a^K_ij) / sqrt(d_z)，即 t2t 的 _relative_attention_inner 中的两项（q 在调用之前于 multihead_attention 中乘以 d_z^-0.5）；q、k 和 a^K 是按位置生成的 N(0, 1) 替代值；有正有负；length x length，行 = 查询 i，列 = 键 j</translation>
    </message>
    <message>
        <source>Value side of zᵢ  Σⱼ αᵢⱼ aⱽᵢⱼ</source>
        <translation>zᵢ 的值侧部分  Σⱼ αᵢⱼ aⱽᵢⱼ</translation>
    </message>
    <message>
        <source>Σⱼ αᵢⱼ aⱽᵢⱼ</source>
        <translation>Σⱼ αᵢⱼ aⱽᵢⱼ</translation>
    </message>
    <message>
        <source>length x d_z: the relative part sum_j alpha_ij a^V_ij of the output z_i (the content part sum_j alpha_ij v_j is left out), alpha = softmax of the scores over every key with no mask (an encoder, t2t&apos;s default); signed; length at most 65536 (a weight needs its whole row)</source>
        <translation>length x d_z：输出 z_i 中的相对部分 sum_j alpha_ij a^V_ij（不含内容部分 sum_j alpha_ij v_j），alpha = scores 在所有键上的 softmax，不加掩码（编码器，t2t 的默认做法）；有正有负；length 最多 65536（一个权重需要整行）</translation>
    </message>
    <message>
        <source>relative distance j − i</source>
        <translation>相对距离 j − i</translation>
    </message>
    <message>
        <source>clipped distance clip(j − i, −k, k)</source>
        <translation>截断距离 clip(j − i, −k, k)</translation>
    </message>
    <message>
        <source>index clip(j − i, −k, k) + k</source>
        <translation>行号 clip(j − i, −k, k) + k</translation>
    </message>
    <message>
        <source>relative distance t − k (row t)</source>
        <translation>相对距离 t − k（第 t 行）</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>a^K value</source>
        <translation>a^K 的值</translation>
    </message>
    <message>
        <source>content term  (qᵢ · kⱼ) / √d_z</source>
        <translation>内容项  (qᵢ · kⱼ) / √d_z</translation>
    </message>
    <message>
        <source>relative term  (qᵢ · aᴷᵢⱼ) / √d_z</source>
        <translation>相对项  (qᵢ · aᴷᵢⱼ) / √d_z</translation>
    </message>
    <message>
        <source>logit eᵢⱼ = content + relative</source>
        <translation>注意力分数 eᵢⱼ = 内容项 + 相对项</translation>
    </message>
    <message>
        <source>keys j ≤ i − k (clipped to −k): Σα · aⱽ₋ₖ</source>
        <translation>键 j ≤ i − k（截断到 −k）：Σα · aⱽ₋ₖ</translation>
    </message>
    <message>
        <source>keys |j − i| &lt; k: Σ α · aⱽ</source>
        <translation>键 |j − i| &lt; k：Σ α · aⱽ</translation>
    </message>
    <message>
        <source>keys j ≥ i + k (clipped to +k): Σα · aⱽₖ</source>
        <translation>键 j ≥ i + k（截断到 +k）：Σα · aⱽₖ</translation>
    </message>
    <message>
        <source>value side Σⱼ αᵢⱼ aⱽᵢⱼ</source>
        <translation>值侧部分 Σⱼ αᵢⱼ aⱽᵢⱼ</translation>
    </message>
    <message>
        <source>attention on keys j ≤ i − k</source>
        <translation>键 j ≤ i − k 上的注意力</translation>
    </message>
    <message>
        <source>attention on keys j ≥ i + k</source>
        <translation>键 j ≥ i + k 上的注意力</translation>
    </message>
    <message>
        <source>content side Σⱼ αᵢⱼ vⱼ (not drawn)</source>
        <translation>内容部分 Σⱼ αᵢⱼ vⱼ（未绘制）</translation>
    </message>
    <message>
        <source>zᵢ = content side + value side</source>
        <translation>zᵢ = 内容部分 + 值侧部分</translation>
    </message>
    <message>
        <source>DeBERTa disentangled attention (He et al. 2021)</source>
        <translation>DeBERTa 解耦注意力（He 等，2021）</translation>
    </message>
    <message>
        <source>Sequence length: queries and keys 0..length-1 (the attention view: at most 65536)</source>
        <translation>序列长度：查询和键为 0..length-1（attention 视图：最多 65536）</translation>
    </message>
    <message>
        <source>Model width (hidden_size), a multiple of heads</source>
        <translation>模型宽度（hidden_size），须为 heads 的倍数</translation>
    </message>
    <message>
        <source>position_buckets: |i − j| up to buckets/2 keeps its own bucket, farther ones are log-spaced; the relative table has 2 buckets rows</source>
        <translation>position_buckets：|i − j| 不超过 buckets/2 时各占一个桶，更远的按对数划分；相对位置表有 2 buckets 行</translation>
    </message>
    <message>
        <source>max_relative_positions: the distance at which the log buckets reach buckets − 1 (more than buckets/2 + 1)</source>
        <translation>max_relative_positions：对数桶达到 buckets − 1 时的距离（须大于 buckets/2 + 1）</translation>
    </message>
    <message>
        <source>Log bucket  δ(i, j) of i − j</source>
        <translation>i − j 的对数桶  δ(i, j)</translation>
    </message>
    <message>
        <source>bucket δ</source>
        <translation>桶 δ</translation>
    </message>
    <message>
        <source>length x length, row = query i, column = key j: make_log_bucket_position(i - j) as build_relative_position gives it (query minus key, so positive below the diagonal); i - j itself up to buckets/2, log-spaced beyond, buckets - 1 at |i - j| = max_relative_positions - 1</source>
        <translation>length x length，行 = 查询 i，列 = 键 j：build_relative_position 给出的 make_log_bucket_position(i - j)（查询减键，所以对角线以下为正）；不超过 buckets/2 时就是 i - j 本身，之外按对数划分，|i - j| = max_relative_positions - 1 时为 buckets - 1</translation>
    </message>
    <message>
        <source>Log bucket of each offset r = i − j</source>
        <translation>每个偏移 r = i − j 的对数桶</translation>
    </message>
    <message>
        <source>relative position r = i − j (query minus key)</source>
        <translation>相对位置 r = i − j（查询减键）</translation>
    </message>
    <message>
        <source>bucket(r) for r from -R to R, R = max(length - 1, 1.25 max_relative_positions): exact up to buckets/2, log-spaced beyond; the second curve is the table row the c2p and p2c gathers read (minus span), clamped to -span .. span - 1</source>
        <translation>对 r 从 -R 到 R 画出 bucket(r)，R = max(length - 1, 1.25 max_relative_positions)：buckets/2 以内精确，之外按对数划分；第二条曲线是 c2p 和 p2c 的 gather 实际读取的表行（减去 span），截断到 -span .. span - 1</translation>
    </message>
    <message>
        <source>content-to-content  Qᵢ · Kⱼ</source>
        <translation>内容对内容  Qᵢ · Kⱼ</translation>
    </message>
    <message>
        <source>c2c</source>
        <translation>c2c</translation>
    </message>
    <message>
        <source>Q_i . K_j, Q = H W_q, K = H W_k of one head, unscaled; H, W random stand-ins; length x length, row = query i, column = key j, signed</source>
        <translation>一个头的 Q_i . K_j，Q = H W_q，K = H W_k，未缩放；H、W 为随机替代值；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>content-to-position  Qᵢ · Kʳ[δ(i, j)]</source>
        <translation>内容对位置  Qᵢ · Kʳ[δ(i, j)]</translation>
    </message>
    <message>
        <source>c2p</source>
        <translation>c2p</translation>
    </message>
    <message>
        <source>position-to-content  Kⱼ · Qʳ[δ(i, j)]</source>
        <translation>位置对内容  Kⱼ · Qʳ[δ(i, j)]</translation>
    </message>
    <message>
        <source>p2c</source>
        <translation>p2c</translation>
    </message>
    <message>
        <source>attention logit  (c2c + c2p + p2c) / √(3 d_head)</source>
        <translation>注意力分数  (c2c + c2p + p2c) / √(3 d_head)</translation>
    </message>
    <message>
        <source>logit</source>
        <translation>注意力分数</translation>
    </message>
    <message>
        <source>(c2c + c2p + p2c) / sqrt(3 d_head), the logit before softmax (scale_factor 3 for c2p|p2c); length x length, row = query i, column = key j, signed</source>
        <translation>(c2c + c2p + p2c) / sqrt(3 d_head)，softmax 之前的注意力分数（c2p|p2c 时 scale_factor 为 3）；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>attention weights  softmaxⱼ</source>
        <translation>注意力权重  softmaxⱼ</translation>
    </message>
    <message>
        <source>row-wise softmax of the total over every key j (no mask); each row sums to 1; length x length, row = query i, column = key j, in (0, 1]; length at most 65536 (a weight needs its whole row)</source>
        <translation>total 在所有键 j 上按行做 softmax（不加掩码）；每行之和为 1；length x length，行 = 查询 i，列 = 键 j，取值在 (0, 1]；length 最多 65536（一个权重需要整行）</translation>
    </message>
    <message>
        <source>relative position i − j</source>
        <translation>相对位置 i − j</translation>
    </message>
    <message>
        <source>bucket δ(i, j)</source>
        <translation>桶 δ(i, j)</translation>
    </message>
    <message>
        <source>table row of c%1p and p%2c  clamp(δ + span, %3, %4 span − %5)</source>
        <translation>c%1p 与 p%2c 读取的表行  clamp(δ + span, %3, %4 span − %5)</translation>
    </message>
    <message>
        <source>bucket δ(r)</source>
        <translation>桶 δ(r)</translation>
    </message>
    <message>
        <source>table row − span read by c%1p and p%2c (clamped to −span .. span − %3)</source>
        <translation>c%1p 与 p%2c 读取的表行 − span（截断到 −span .. span − %3）</translation>
    </message>
    <message>
        <source>c%1c  Qᵢ · Kⱼ</source>
        <translation>c%1c  Qᵢ · Kⱼ</translation>
    </message>
    <message>
        <source>c%1p  Qᵢ · Kʳ[δ(i, j)]</source>
        <translation>c%1p  Qᵢ · Kʳ[δ(i, j)]</translation>
    </message>
    <message>
        <source>p%1c  Kⱼ · Qʳ[δ(i, j)]</source>
        <translation>p%1c  Kⱼ · Qʳ[δ(i, j)]</translation>
    </message>
    <message>
        <source>scale  √(%1 d_head)</source>
        <translation>缩放  √(%1 d_head)</translation>
    </message>
    <message>
        <source>total  (c%1c + c%2p + p%3c) / √(%4 d_head)</source>
        <translation>总分  (c%1c + c%2p + p%3c) / √(%4 d_head)</translation>
    </message>
    <message>
        <source>table row  clamp(δ + span, %1, %2 span − %3)</source>
        <translation>表行  clamp(δ + span, %1, %2 span − %3)</translation>
    </message>
    <message>
        <source>attention  softmaxⱼ</source>
        <translation>注意力  softmaxⱼ</translation>
    </message>
    <message>
        <source>Context extension: linear theta_k / s; ntk base s^(d/(d-2)); dynamic (HF) base (s L / L_train - (s - 1))^(d/(d-2)), L = max(length, L_train); yarn, llama3 and longrope as Hugging Face transformers computes them</source>
        <translation>上下文扩展：linear 为 theta_k / s；ntk 为 base s^(d/(d-2))；dynamic（HF）为 base (s L / L_train - (s - 1))^(d/(d-2))，L = max(length, L_train)；yarn、llama3 和 longrope 按 Hugging Face transformers 的算法计算</translation>
    </message>
    <message>
        <source>Scaling factor s (at least 1); longrope uses it only for its attention factor</source>
        <translation>缩放因子 s（至少为 1）；longrope 只用它计算注意力因子</translation>
    </message>
    <message>
        <source>Trained context length L_train (HF original_max_position_embeddings) of dynamic, yarn, llama3 and longrope</source>
        <translation>训练上下文长度 L_train（HF 的 original_max_position_embeddings），用于 dynamic、yarn、llama3 和 longrope</translation>
    </message>
    <message>
        <source>llama3: pairs whose wavelength is below L_train / high_freq_factor are kept; a smooth blend between the two</source>
        <translation>llama3：波长小于 L_train / high_freq_factor 的维度对保持不变；两者之间平滑过渡</translation>
    </message>
    <message>
        <source>yarn: pairs turning fewer than beta_slow times over L_train are divided by s; a linear ramp between</source>
        <translation>yarn：在 L_train 个位置上转动少于 beta_slow 圈的维度对除以 s；两者之间线性过渡</translation>
    </message>
    <message>
        <source>yarn: floor and ceil the correction range as HF does (false: unrounded, as gpt-oss and keras_hub)</source>
        <translation>yarn：像 HF 一样对校正区间向下、向上取整（false：不取整，与 gpt-oss 和 keras_hub 相同）</translation>
    </message>
    <message>
        <source>Multiplies the cos and sin caches (so q and k): 0 = the scaling&apos;s own rule (yarn 0.1 ln s + 1 or the mscale ratio, longrope sqrt(1 + ln s / ln L_train), 1 otherwise)</source>
        <translation>乘到 cos 和 sin 缓存上（因而乘到 q 和 k 上）：0 表示按缩放方法自己的规则（yarn 为 0.1 ln s + 1 或 mscale 之比，longrope 为 sqrt(1 + ln s / ln L_train)，其他为 1）</translation>
    </message>
    <message>
        <source>yarn (DeepSeek): with mscale_all_dim, attention factor (0.1 mscale ln s + 1) / (0.1 mscale_all_dim ln s + 1); 0 = not given</source>
        <translation>yarn（DeepSeek）：与 mscale_all_dim 同时给出时，注意力因子为 (0.1 mscale ln s + 1) / (0.1 mscale_all_dim ln s + 1)；0 表示未给出</translation>
    </message>
    <message>
        <source>yarn (DeepSeek): the denominator&apos;s mscale (see mscale); 0 = not given</source>
        <translation>yarn（DeepSeek）：分母中的 mscale（见 mscale）；0 表示未给出</translation>
    </message>
    <message>
        <source>longrope: d_rot/2 factors dividing theta_k while length &lt;= L_train (Phi-3&apos;s short_factor)</source>
        <translation>longrope：length &lt;= L_train 时用来除 theta_k 的 d_rot/2 个因子（Phi-3 的 short_factor）</translation>
    </message>
    <message>
        <source>longrope: d_rot/2 factors dividing theta_k when length &gt; L_train (Phi-3&apos;s long_factor)</source>
        <translation>longrope：length &gt; L_train 时用来除 theta_k 的 d_rot/2 个因子（Phi-3 的 long_factor）</translation>
    </message>
    <message>
        <source>Share of dim that rotates: the first d_rot = int(dim f) dims (even, at least 2); the rest pass unrotated (GPT-NeoX: 0.25)</source>
        <translation>参与旋转的维度比例：前 d_rot = int(dim f) 维旋转（须为偶数且至少为 2）；其余维度不旋转直接通过（GPT-NeoX：0.25）</translation>
    </message>
    <message>
        <source>Rotation pair k followed by the rotation view (&lt; d_rot/2)</source>
        <translation>旋转视图跟踪的旋转维度对 k（&lt; d_rot/2）</translation>
    </message>
    <message>
        <source>length x d_rot/2: angle m theta_k (after scaling) in radians by which pair k is rotated at position m; rows m, columns k; &gt;= 0, not reduced mod 2 pi</source>
        <translation>length x d_rot/2：维度对 k 在位置 m 处旋转的角度 m theta_k（缩放之后），单位为弧度；行为 m，列为 k；&gt;= 0，未对 2 pi 取模</translation>
    </message>
    <message>
        <source>For each pair k: full turns (L - 1) theta_k / 2π of the rotation over positions 0 .. L-1: in training (L = train_length, unscaled theta), and at L = length without scaling and with linear, NTK, dynamic, YaRN and Llama 3.1 scaling by `factor` (and LongRoPE when its lists are given). Pairs under the one-period line in training never completed a turn, so longer contexts rotate them to angles never seen; scaling pulls the length curves back down under the training curve (linear exactly by 1/s, the others mostly for the slow pairs)</source>
        <translation>对每个维度对 k：在位置 0 .. L-1 上旋转走过的完整圈数 (L - 1) theta_k / 2π：训练时（L = train_length，未缩放的 theta），以及 L = length 时不缩放和按 `factor` 做 linear、NTK、dynamic、YaRN、Llama 3.1 缩放的情形（给出两个因子列表时还有 LongRoPE）。训练时位于“一个周期”线以下的维度对从未转满一圈，所以更长的上下文会把它们转到从未见过的角度；缩放把 length 曲线拉回到训练曲线之下（linear 恰好缩小为 1/s，其他方法主要作用于慢速维度对）</translation>
    </message>
    <message>
        <source>Scaling per pair θ&apos;ₖ / θₖ and the bands</source>
        <translation>每个维度对的缩放 θ&apos;ₖ / θₖ 与频段</translation>
    </message>
    <message>
        <source>θ&apos;ₖ / θₖ / wavelength (positions)</source>
        <translation>θ&apos;ₖ / θₖ / 波长（位置数）</translation>
    </message>
    <message>
        <source>Over pair index k = 0..d_rot/2-1: theta&apos;_k / theta_k (1 = kept, 1/s = interpolated), the wavelengths 2 pi / theta before and after scaling, train_length, and the band edges: llama3 L / high_freq_factor and L / low_freq_factor, YaRN L / beta_fast and L / beta_slow with the ramp pairs (log scale)</source>
        <translation>在维度对下标 k = 0..d_rot/2-1 上：theta&apos;_k / theta_k（1 表示不变，1/s 表示完全插值），缩放前后的波长 2 pi / theta，train_length，以及频段边界：llama3 的 L / high_freq_factor 与 L / low_freq_factor，YaRN 的 L / beta_fast 与 L / beta_slow 以及过渡区的维度对（对数刻度）</translation>
    </message>
    <message>
        <source>cos cache a · cos(mθⱼ) (HF rotary embedding)</source>
        <translation>cos 缓存 a · cos(mθⱼ)（HF 旋转位置编码）</translation>
    </message>
    <message>
        <source>column c (rotated dimension)</source>
        <translation>列 c（旋转的维度）</translation>
    </message>
    <message>
        <source>a · cos(mθⱼ)</source>
        <translation>a · cos(mθⱼ)</translation>
    </message>
    <message>
        <source>length x d_rot: the cos cache as HF&apos;s rotary embedding returns it: a cos(m theta_j), a the attention factor; half layout: j = c mod d_rot/2 (emb = cat(freqs, freqs)); interleaved: j = c / 2 (each theta twice, adjacent); row 0 holds a</source>
        <translation>length x d_rot：HF 旋转位置编码返回的 cos 缓存：a cos(m theta_j)，a 为注意力因子；half 排列：j = c mod d_rot/2（emb = cat(freqs, freqs)）；interleaved 排列：j = c / 2（每个 theta 相邻出现两次）；第 0 行的值为 a</translation>
    </message>
    <message>
        <source>sin cache a · sin(mθⱼ) (HF rotary embedding)</source>
        <translation>sin 缓存 a · sin(mθⱼ)（HF 旋转位置编码）</translation>
    </message>
    <message>
        <source>a · sin(mθⱼ)</source>
        <translation>a · sin(mθⱼ)</translation>
    </message>
    <message>
        <source>length x d_rot: the sin cache as HF&apos;s rotary embedding returns it: a sin(m theta_j), a the attention factor; half layout: j = c mod d_rot/2 (emb = cat(freqs, freqs)); interleaved: j = c / 2 (each theta twice, adjacent); row 0 is 0</source>
        <translation>length x d_rot：HF 旋转位置编码返回的 sin 缓存：a sin(m theta_j)，a 为注意力因子；half 排列：j = c mod d_rot/2（emb = cat(freqs, freqs)）；interleaved 排列：j = c / 2（每个 theta 相邻出现两次）；第 0 行为 0</translation>
    </message>
    <message>
        <source>length %1, YaRN s = %2</source>
        <translation>length %1，YaRN s = %2</translation>
    </message>
    <message>
        <source>length %1, Llama %2 s = %3</source>
        <translation>length %1，Llama %2 s = %3</translation>
    </message>
    <message>
        <source>θ&apos;ₖ / θₖ (scaling none)</source>
        <translation>θ&apos;ₖ / θₖ（缩放 none）</translation>
    </message>
    <message>
        <source>wavelength %1π/θ&apos;ₖ after scaling (none)</source>
        <translation>缩放后的波长 %1π/θ&apos;ₖ（none）</translation>
    </message>
    <message>
        <source>train_length L = %1 (one turn in training)</source>
        <translation>train_length L = %1（训练中转一圈）</translation>
    </message>
    <message>
        <source>pair j of column c</source>
        <translation>列 c 所属的维度对 j</translation>
    </message>
    <message>
        <source>θⱼ (rad per position, after scaling)</source>
        <translation>θⱼ（每个位置的弧度，缩放后）</translation>
    </message>
    <message>
        <source>angle mθⱼ (rad)</source>
        <translation>角度 mθⱼ（弧度）</translation>
    </message>
    <message>
        <source>attention factor a</source>
        <translation>注意力因子 a</translation>
    </message>
    <message>
        <source>cos(mθⱼ)</source>
        <translation>cos(mθⱼ)</translation>
    </message>
    <message>
        <source>sin(mθⱼ)</source>
        <translation>sin(mθⱼ)</translation>
    </message>
    <message>
        <source>θ&apos;ₖ / θₖ (scaling linear)</source>
        <translation>θ&apos;ₖ / θₖ（缩放 linear）</translation>
    </message>
    <message>
        <source>wavelength %1π/θ&apos;ₖ after scaling (linear)</source>
        <translation>缩放后的波长 %1π/θ&apos;ₖ（linear）</translation>
    </message>
    <message>
        <source>θ&apos;ₖ / θₖ (scaling ntk)</source>
        <translation>θ&apos;ₖ / θₖ（缩放 ntk）</translation>
    </message>
    <message>
        <source>wavelength %1π/θ&apos;ₖ after scaling (ntk)</source>
        <translation>缩放后的波长 %1π/θ&apos;ₖ（ntk）</translation>
    </message>
    <message>
        <source>θ&apos;ₖ / θₖ (scaling dynamic)</source>
        <translation>θ&apos;ₖ / θₖ（缩放 dynamic）</translation>
    </message>
    <message>
        <source>wavelength %1π/θ&apos;ₖ after scaling (dynamic)</source>
        <translation>缩放后的波长 %1π/θ&apos;ₖ（dynamic）</translation>
    </message>
    <message>
        <source>θₖ after scaling (yarn)</source>
        <translation>缩放后的 θₖ（yarn）</translation>
    </message>
    <message>
        <source>wavelength %1π/θₖ after scaling (yarn)</source>
        <translation>缩放后的波长 %1π/θₖ（yarn）</translation>
    </message>
    <message>
        <source>θ&apos;ₖ / θₖ (scaling yarn)</source>
        <translation>θ&apos;ₖ / θₖ（缩放 yarn）</translation>
    </message>
    <message>
        <source>wavelength %1π/θ&apos;ₖ after scaling (yarn)</source>
        <translation>缩放后的波长 %1π/θ&apos;ₖ（yarn）</translation>
    </message>
    <message>
        <source>L / beta_fast = %1: pairs turning more often kept</source>
        <translation>L / beta_fast = %1：转得更快的维度对保持不变</translation>
    </message>
    <message>
        <source>L / beta_slow = %1: pairs turning less often divided by s</source>
        <translation>L / beta_slow = %1：转得更慢的维度对除以 s</translation>
    </message>
    <message>
        <source>YaRN ramp: correction range low = %1 to high = %2</source>
        <translation>YaRN 过渡区：校正区间 low = %1 到 high = %2</translation>
    </message>
    <message>
        <source>θₖ after scaling (llama%1)</source>
        <translation>缩放后的 θₖ（llama%1）</translation>
    </message>
    <message>
        <source>wavelength %1π/θₖ after scaling (llama%2)</source>
        <translation>缩放后的波长 %1π/θₖ（llama%2）</translation>
    </message>
    <message>
        <source>θ&apos;ₖ / θₖ (scaling llama%1)</source>
        <translation>θ&apos;ₖ / θₖ（缩放 llama%1）</translation>
    </message>
    <message>
        <source>wavelength %1π/θ&apos;ₖ after scaling (llama%2)</source>
        <translation>缩放后的波长 %1π/θ&apos;ₖ（llama%2）</translation>
    </message>
    <message>
        <source>L / high_freq_factor = %1: shorter wavelengths kept</source>
        <translation>L / high_freq_factor = %1：更短的波长保持不变</translation>
    </message>
    <message>
        <source>L / low_freq_factor = %1: longer wavelengths divided by s</source>
        <translation>L / low_freq_factor = %1：更长的波长除以 s</translation>
    </message>
    <message>
        <source>θₖ after scaling (longrope)</source>
        <translation>缩放后的 θₖ（longrope）</translation>
    </message>
    <message>
        <source>wavelength %1π/θₖ after scaling (longrope)</source>
        <translation>缩放后的波长 %1π/θₖ（longrope）</translation>
    </message>
    <message>
        <source>attention factor a (pair terms hold a²)</source>
        <translation>注意力因子 a（各维度对的项已乘 a²）</translation>
    </message>
    <message>
        <source>length %1, LongRoPE short_factor</source>
        <translation>length %1，LongRoPE short_factor</translation>
    </message>
    <message>
        <source>θ&apos;ₖ / θₖ (scaling longrope)</source>
        <translation>θ&apos;ₖ / θₖ（缩放 longrope）</translation>
    </message>
    <message>
        <source>wavelength %1π/θ&apos;ₖ after scaling (longrope)</source>
        <translation>缩放后的波长 %1π/θ&apos;ₖ（longrope）</translation>
    </message>
    <message>
        <source>length %1, LongRoPE long_factor</source>
        <translation>length %1，LongRoPE long_factor</translation>
    </message>
    <message>
        <source>unrotated dims %1..%2: q·k</source>
        <translation>不旋转的维度 %1..%2：q·k</translation>
    </message>
    <message>
        <source>RoPE with a per-pair exponential scale: the query pair j is multiplied by ζⱼ^(m/B), the key pair by ζⱼ^(−n/B), so q′·k′ decays as ζⱼ^((m − n)/B) (B = scale_base)</source>
        <translation>带逐对指数缩放的 RoPE：查询的第 j 对乘以 ζⱼ^(m/B)，键的第 j 对乘以 ζⱼ^(−n/B)，因此 q′·k′ 按 ζⱼ^((m − n)/B) 衰减（B = scale_base）</translation>
    </message>
    <message>
        <source>A learned scalar per bucket of the offset j − i, added to the attention logits unscaled; the table is a checkpoint&apos;s when `table` names one, else N(0, 1) random stand-ins from seed</source>
        <translation>偏移 j − i 的每个桶对应一个可学习的标量，不经缩放直接加到注意力分数上；`table` 指定检查点时该表取自检查点，否则是由 seed 生成的 N(0, 1) 随机替代值</translation>
    </message>
    <message>
        <source>Encoder (true: half the buckets for keys after the query) or decoder (false: every future key in bucket 0); false when stack = decoder</source>
        <translation>编码器（true：一半的桶留给查询之后的键）或解码器（false：所有未来的键都在桶 0）；stack = decoder 时必须为 false</translation>
    </message>
    <message>
        <source>Which stack&apos;s bias: encoder or decoder (its self-attention is causal, so it needs bidirectional = false, as HF&apos;s bidirectional = not is_decoder); a `table` file without a tensor name reads this stack&apos;s first-layer relative_attention_bias</source>
        <translation>取哪个堆栈的偏置：encoder（编码器）或 decoder（解码器；其自注意力是因果的，所以需要 bidirectional = false，与 HF 的 bidirectional = not is_decoder 一致）；`table` 文件未给出张量名时，读取该堆栈第一层的 relative_attention_bias</translation>
    </message>
    <message>
        <source>Trained bias table, FILE or FILE:NAME (.safetensors, its .index.json, .npy, .npz), shape buckets x heads as HF&apos;s relative_attention_bias.weight; empty: random stand-ins from seed</source>
        <translation>训练得到的偏置表，FILE 或 FILE:NAME（.safetensors、其 .index.json、.npy、.npz），形状为 buckets x heads，与 HF 的 relative_attention_bias.weight 相同；留空：由 seed 生成的随机替代值</translation>
    </message>
    <message>
        <source>length x length for head `head`, rows query i, columns key j: table[bucket(j - i)][head], added to q_i . k_j unscaled; the table is the checkpoint&apos;s when `table` names one, else N(0, 1) from seed, standing in for learned values (cells of one bucket share one value)</source>
        <translation>注意力头 `head` 的 length x length 矩阵，行为查询 i，列为键 j：table[bucket(j - i)][head]，不经缩放加到 q_i . k_j 上；`table` 指定检查点时该表取自检查点，否则由 seed 生成，服从 N(0, 1)，代替训练得到的值（同一个桶的单元格取同一个值）</translation>
    </message>
    <message>
        <source>T5 bias of every head against r = j − i</source>
        <translation>每个头的 T5 偏置随 r = j − i 的变化</translation>
    </message>
    <message>
        <source>bias  table[bucket(r)][h]</source>
        <translation>偏置  table[bucket(r)][h]</translation>
    </message>
    <message>
        <source>One curve per head: table[bucket(r)][h] for r from -R to R, R = max(length - 1, max_distance) (sampled evenly past 8192 offsets); each head of a trained table learns its own decay with distance and its own preference for earlier or later keys; the table is the checkpoint&apos;s when `table` names one, else N(0, 1) random stand-ins from seed</source>
        <translation>每个头一条曲线：table[bucket(r)][h]，r 从 -R 到 R，R = max(length - 1, max_distance)（超过 8192 个偏移时均匀采样）；训练得到的表中每个头学到自己随距离的衰减，以及对前面或后面的键的偏好；`table` 指定检查点时该表取自检查点，否则是由 seed 生成的 N(0, 1) 随机替代值</translation>
    </message>
    <message>
        <source>bias table[bucket][h] (random stand-in)</source>
        <translation>偏置 table[bucket][h]（随机替代值）</translation>
    </message>
    <message>
        <source>bias table[bucket][h] (the file&apos;s trained table)</source>
        <translation>偏置 table[bucket][h]（文件中训练得到的表）</translation>
    </message>
    <message>
        <source>One head&apos;s attention logits split into the four terms (a) q·k, (b) q·r, (c) u·k, (d) v·r over a segment plus memory; equal to the reference&apos;s rel-shift computation, evaluated for the cells on screen; u and v are a checkpoint&apos;s r_w_bias / r_r_bias when u_table / v_table name them, the content and W_q, W_k, W_R are always random stand-ins from seed</source>
        <translation>单个注意力头的注意力分数拆成四项 (a) q·k、(b) q·r、(c) u·k、(d) v·r，覆盖当前片段加记忆；与参考实现的 rel-shift 计算结果相等，只计算屏幕上显示的单元格；u_table / v_table 指定检查点时 u 和 v 取自检查点的 r_w_bias / r_r_bias，内容以及 W_q、W_k、W_R 始终是由 seed 生成的随机替代权重</translation>
    </message>
    <message>
        <source>Trained u (r_w_bias), FILE or FILE:NAME, heads x d_head; row `head` is used in term (c); empty: a random stand-in from seed</source>
        <translation>训练得到的 u（r_w_bias），FILE 或 FILE:NAME，形状 heads x d_head；项 (c) 使用第 `head` 行；留空：由 seed 生成的随机替代值</translation>
    </message>
    <message>
        <source>Trained v (r_r_bias), FILE or FILE:NAME, heads x d_head; row `head` is used in term (d); empty: a random stand-in from seed</source>
        <translation>训练得到的 v（r_r_bias），FILE 或 FILE:NAME，形状 heads x d_head；项 (d) 使用第 `head` 行；留空：由 seed 生成的随机替代值</translation>
    </message>
    <message>
        <source>u = r_w_bias from the file (%1) or a random stand-in (%2)</source>
        <translation>u = r_w_bias 取自文件（%1）或随机替代值（%2）</translation>
    </message>
    <message>
        <source>v = r_r_bias from the file (%1) or a random stand-in (%2)</source>
        <translation>v = r_r_bias 取自文件（%1）或随机替代值（%2）</translation>
    </message>
    <message>
        <source>content h, W_q, W_k, W_R: random stand-ins, seed</source>
        <translation>内容 h、W_q、W_k、W_R：随机替代权重，种子</translation>
    </message>
    <message>
        <source>Content and relative position kept apart: the logit is content-to-content + content-to-position + position-to-content over log-bucketed i − j, divided by √(3 d_head); the relative table P is a checkpoint&apos;s when rel_table names one, the content H and W_q, W_k are always random stand-ins</source>
        <translation>内容与相对位置分开表示：注意力分数 = 内容对内容 + 内容对位置 + 位置对内容（i − j 按对数分桶），再除以 √(3 d_head)；rel_table 指定检查点时相对位置表 P 取自检查点，内容 H 以及 W_q、W_k 始终是随机替代权重</translation>
    </message>
    <message>
        <source>Trained relative embeddings P (encoder.rel_embeddings.weight), FILE or FILE:NAME, 2 buckets x d_model; empty: random stand-ins from seed</source>
        <translation>训练得到的相对位置嵌入 P（encoder.rel_embeddings.weight），FILE 或 FILE:NAME，形状 2 buckets x d_model；留空：由 seed 生成的随机替代值</translation>
    </message>
    <message>
        <source>With rel_table: layer_norm applies the checkpoint&apos;s encoder.LayerNorm to P as DeBERTa-v3 does (norm_rel_ebd = layer_norm; weight and bias read from the same file), none uses the rows as stored</source>
        <translation>设置 rel_table 时：layer_norm 像 DeBERTa-v3 那样对 P 应用检查点中的 encoder.LayerNorm（norm_rel_ebd = layer_norm；weight 和 bias 从同一文件读取），none 直接使用存储的行</translation>
    </message>
    <message>
        <source>Q_i . K^r at table row clamp(delta(i, j) + span, 0, 2 span - 1), K^r = P W_k (share_att_key), unscaled; P the checkpoint&apos;s when rel_table is set, H and W random stand-ins; length x length, row = query i, column = key j, signed</source>
        <translation>Q_i . K^r，取表的第 clamp(delta(i, j) + span, 0, 2 span - 1) 行，K^r = P W_k（share_att_key），未缩放；设置 rel_table 时 P 取自检查点，H 和 W 是随机替代权重；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>K_j . Q^r at table row clamp(delta(i, j) + span, 0, 2 span - 1), Q^r = P W_q (P the checkpoint&apos;s when rel_table is set, H and W random stand-ins), unscaled: the code&apos;s gather and transpose give delta(i, j) where the paper writes delta(j, i); length x length, row = query i, column = key j, signed</source>
        <translation>K_j . Q^r，取表的第 clamp(delta(i, j) + span, 0, 2 span - 1) 行，Q^r = P W_q（设置 rel_table 时 P 取自检查点，H 和 W 是随机替代权重），未缩放：代码中的 gather 加转置得到 delta(i, j)，而论文写的是 delta(j, i)；length x length，行 = 查询 i，列 = 键 j，有正有负</translation>
    </message>
    <message>
        <source>P = rel_embeddings from the file (%1 = yes)</source>
        <translation>P = rel_embeddings 取自文件（%1 = 是）</translation>
    </message>
    <message>
        <source>LayerNorm on P (%1 = yes)</source>
        <translation>对 P 做 LayerNorm（%1 = 是）</translation>
    </message>
    <message>
        <source>content H, W_q, W_k: random stand-ins, seed</source>
        <translation>内容 H、W_q、W_k：随机替代权重，种子</translation>
    </message>
    <message>
        <source>A trainable max_len × d table, one row per position: a model&apos;s trained table (table = its checkpoint) or a random stand-in at initialisation N(0, std²); positions past max_len need an overflow rule</source>
        <translation>一张可训练的 max_len × d 表，每个位置一行：模型训练好的表（table = 它的检查点），或初始化时的随机替代表 N(0, std²)；超过 max_len 的位置需要一条越界规则</translation>
    </message>
    <message>
        <source>A trained position table, FILE or FILE:NAME (.safetensors, .npy, .npz): dim and max_len are its columns and rows; empty = the random stand-in</source>
        <translation>训练好的位置表，写作 FILE 或 FILE:NAME（.safetensors、.npy、.npz）：dim 与 max_len 取它的列数与行数；留空 = 随机替代表</translation>
    </message>
    <message>
        <source>Position p uses table row p + offset (RoBERTa, XLM-R and OPT: 2, rows 0 and 1 unused)</source>
        <translation>位置 p 使用表的第 p + offset 行（RoBERTa、XLM-R 和 OPT 为 2，第 0、1 行不用）</translation>
    </message>
    <message>
        <source>Side of a ViT patch grid: row 0 is [CLS], rows 1 .. grid² the patches row by row (image_size / patch_size); 0 = not an image model</source>
        <translation>ViT 图像块网格的边长：第 0 行是 [CLS]，第 1 .. grid² 行是按行排列的图像块（image_size / patch_size）；0 = 不是图像模型</translation>
    </message>
    <message>
        <source>View similarity: dot product of the two rows, or their cosine</source>
        <translation>相似度视图：两行的点积，或它们的余弦</translation>
    </message>
    <message>
        <source>length x dim: row = position p, column = dimension k; the table row r(p) = p + offset below max_len - offset, else per overflow; a trained table&apos;s values as stored, or the stand-in&apos;s N(0, std^2) entries, no structure until trained</source>
        <translation>length x dim：行 = 位置 p，列 = 维度 k；位置低于 max_len - offset 时表行 r(p) = p + offset，否则按 overflow 规则；训练好的表按存储的数值原样显示，随机替代表的元素取自 N(0, std^2)，训练前没有结构</translation>
    </message>
    <message>
        <source>length x length dot products (measure = dot) or cosines (measure = cosine) of the rows used by p and q, symmetric; the stand-in has about d std^2 on the diagonal and noise elsewhere, a trained table a band along it; with overflow = repeat the same pattern recurs every max_len positions</source>
        <translation>位置 p 与 q 所用两行的 length x length 点积（measure = dot）或余弦（measure = cosine），对称；随机替代表对角线上约为 d std^2、其余是噪声，训练好的表沿对角线有一条亮带；overflow = repeat 时同样的图案每隔 max_len 个位置重复出现</translation>
    </message>
    <message>
        <source>Rows on their first two principal components</source>
        <translation>各行在前两个主成分上的投影</translation>
    </message>
    <message>
        <source>PC1</source>
        <translation>PC1（第一主成分）</translation>
    </message>
    <message>
        <source>PC2</source>
        <translation>PC2（第二主成分）</translation>
    </message>
    <message>
        <source>The rows T[r(p)] of positions p = 0 .. length - 1 (2048 sampled evenly past that), centred, on the first two eigenvectors of their covariance, joined in position order and coloured by position; the legend gives each component&apos;s share of the variance. A trained table traces a smooth curve (GPT-2: a helix seen as an arc), the stand-in a tangle</source>
        <translation>位置 p = 0 .. length - 1（超过 2048 个时均匀采样）所用的行 T[r(p)]，减去均值后投影到其协方差的前两个特征向量上，按位置顺序连线并按位置着色；图例给出每个主成分解释的方差比例。训练好的表画出一条平滑曲线（GPT-2：螺旋线，看上去是一段弧），随机替代表则是一团乱线</translation>
    </message>
    <message>
        <source>Dominant frequency of each dimension over position</source>
        <translation>每个维度随位置变化的主频率</translation>
    </message>
    <message>
        <source>cycles per position</source>
        <translation>每个位置的周期数</translation>
    </message>
    <message>
        <source>For each column k, the frequency m / n (cycles per position) of the largest DFT bin m = 1 .. n / 2 of T[r(p), k] over p = 0 .. n - 1 after removing its mean (n = length, at most 8192); a trained table&apos;s columns are slow waves, the stand-in&apos;s spread over all frequencies</source>
        <translation>对每一列 k：T[r(p), k]（p = 0 .. n - 1）减去均值后，离散傅里叶变换中最强的频率分量 m = 1 .. n / 2 对应的频率 m / n（每个位置的周期数）（n = length，最多 8192）；训练好的表的列是缓慢的波，随机替代表的列分布在所有频率上</translation>
    </message>
    <message>
        <source>Norm of each position&apos;s row  |T[r(p)]|</source>
        <translation>每个位置所用行的范数  |T[r(p)]|</translation>
    </message>
    <message>
        <source>The Euclidean norm of the row each position uses, p = 0 .. length - 1 (sampled evenly past 8192); the stand-in&apos;s are all about std sqrt(d)</source>
        <translation>每个位置所用那一行的欧几里得范数，p = 0 .. length - 1（超过 8192 个时均匀采样）；随机替代表的范数都约为 std sqrt(d)</translation>
    </message>
    <message>
        <source>Cosine similarity of patch position embeddings</source>
        <translation>图像块位置嵌入的余弦相似度</translation>
    </message>
    <message>
        <source>patch column (tiles), compared column (inside)</source>
        <translation>图像块列（小方块之间），比较的列（小方块之内）</translation>
    </message>
    <message>
        <source>patch row (tiles), compared row (inside)</source>
        <translation>图像块行（小方块之间），比较的行（小方块之内）</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>After Fig. 7 of the ViT paper: side x side tiles, one per patch (a, b) of the grid; inside tile (a, b), cell (i, j) is the cosine of the rows of patches (a, b) and (i, j). With grid = 0, positions 0 .. side^2 - 1 wrapped in rows of side = floor(sqrt(length)) take the patches&apos; place</source>
        <translation>仿照 ViT 论文图 7：side x side 个小方块，网格中每个图像块 (a, b) 一个；小方块 (a, b) 内的单元格 (i, j) 是图像块 (a, b) 与 (i, j) 所用两行的余弦。grid = 0 时，位置 0 .. side^2 - 1 按每行 side = floor(sqrt(length)) 个折行，代替图像块</translation>
    </message>
    <message>
        <source>positions %1 .. %2: PC%3 %4 %, PC%5 %6 %, PC%7 %8 % of the variance</source>
        <translation>位置 %1 .. %2：PC%3 占方差的 %4 %，PC%5 占 %6 %，PC%7 占 %8 %</translation>
    </message>
    <message>
        <source>position %1</source>
        <translation>位置 %1</translation>
    </message>
    <message>
        <source>dominant frequency over positions %1 .. %2</source>
        <translation>位置 %1 .. %2 上的主频率</translation>
    </message>
    <message>
        <source>tile&apos;s position (%1 a row)</source>
        <translation>小方块的位置（每行 %1 个）</translation>
    </message>
    <message>
        <source>tile&apos;s table row</source>
        <translation>小方块的表行</translation>
    </message>
    <message>
        <source>compared position (%1 a row)</source>
        <translation>比较的位置（每行 %1 个）</translation>
    </message>
    <message>
        <source>compared table row</source>
        <translation>比较的表行</translation>
    </message>
    <message>
        <source>T_u · T_v</source>
        <translation>T_u · T_v</translation>
    </message>
    <message>
        <source>|T_u|</source>
        <translation>|T_u|</translation>
    </message>
    <message>
        <source>|T_v|</source>
        <translation>|T_v|</translation>
    </message>
    <message>
        <source>table row r(p) = p + offset</source>
        <translation>表行 r(p) = p + offset</translation>
    </message>
    <message>
        <source>table row r(q) = q + offset</source>
        <translation>表行 r(q) = q + offset</translation>
    </message>
    <message>
        <source>error: row p + offset, refused from p = %1 on</source>
        <translation>error：第 p + offset 行，从 p = %1 起拒绝</translation>
    </message>
    <message>
        <source>clamp: row min(p + offset, max_len − %1)</source>
        <translation>clamp：第 min(p + offset, max_len − %1) 行</translation>
    </message>
    <message>
        <source>repeat: row offset + p mod (max_len − offset)</source>
        <translation>repeat：第 offset + p mod (max_len − offset) 行</translation>
    </message>
    <message>
        <source>table row r(p) = offset + p mod (max_len − offset) (repeated)</source>
        <translation>表行 r(p) = offset + p mod (max_len − offset)（重复）</translation>
    </message>
    <message>
        <source>repetition p div (max_len − offset)</source>
        <translation>重复次数 p div (max_len − offset)</translation>
    </message>
    <message>
        <source>table row r(q) = offset + q mod (max_len − offset) (repeated)</source>
        <translation>表行 r(q) = offset + q mod (max_len − offset)（重复）</translation>
    </message>
    <message>
        <source>repetition q div (max_len − offset)</source>
        <translation>重复次数 q div (max_len − offset)</translation>
    </message>
    <message>
        <source>tile&apos;s patch row</source>
        <translation>小方块所属图像块的行</translation>
    </message>
    <message>
        <source>tile&apos;s patch column</source>
        <translation>小方块所属图像块的列</translation>
    </message>
    <message>
        <source>compared patch row</source>
        <translation>比较的图像块的行</translation>
    </message>
    <message>
        <source>compared patch column</source>
        <translation>比较的图像块的列</translation>
    </message>
    <message>
        <source>Cosine similarity of positions  cos(T[r(p)], T[r(q)])</source>
        <translation>位置的余弦相似度  cos(T[r(p)], T[r(q)])</translation>
    </message>
    <message>
        <source>cos(T[r(p)], T[r(q)])</source>
        <translation>cos(T[r(p)], T[r(q)])</translation>
    </message>
    <message>
        <source>Similarity of positions  PE[p] · PE[q] = Σᵢ cos((p − q) wᵢ)</source>
        <translation>位置相似度  PE[p] · PE[q] = Σᵢ cos((p − q) wᵢ)</translation>
    </message>
    <message>
        <source>PE[p] · PE[q]</source>
        <translation>PE[p] · PE[q]</translation>
    </message>
    <message>
        <source>(b) content-position  qᵢ · r[i + mlen − j] / √d_head</source>
        <translation>(b) 内容对位置  qᵢ · r[i + mlen − j] / √d_head</translation>
    </message>
    <message>
        <source>(d) global position bias  v · r[i + mlen − j] / √d_head</source>
        <translation>(d) 全局位置偏置  v · r[i + mlen − j] / √d_head</translation>
    </message>
    <message>
        <source>BD = (qᵢ + v) · r[i + mlen − j] / √d_head</source>
        <translation>BD = (qᵢ + v) · r[i + mlen − j] / √d_head</translation>
    </message>
    <message>
        <source>(b) qᵢ · r[δ] / √d_head</source>
        <translation>(b) qᵢ · r[δ] / √d_head</translation>
    </message>
    <message>
        <source>(d) v · r[δ] / √d_head</source>
        <translation>(d) v · r[δ] / √d_head</translation>
    </message>
    <message>
        <source>xPos decay of each pair: exp((m − n) ln ζⱼ / scale_base)</source>
        <translation>每个维度对的 xPos 衰减：exp((m − n) ln ζⱼ / scale_base)</translation>
    </message>
    <message>
        <source>exp((m − n) ln ζⱼ / scale_base)</source>
        <translation>exp((m − n) ln ζⱼ / scale_base)</translation>
    </message>
    <message>
        <source>exp((length − %1) ln ζⱼ / scale_base): the weight at the longest distance</source>
        <translation>exp((length − %1) ln ζⱼ / scale_base)：最远距离处的权重</translation>
    </message>
    <message>
        <source>decay exp((m − n) ln ζⱼ / scale_base)</source>
        <translation>衰减 exp((m − n) ln ζⱼ / scale_base)</translation>
    </message>
    <message>
        <source>pair %1 (exp((m − n) ln ζⱼ / scale_base) × RoPE term)</source>
        <translation>维度对 %1（exp((m − n) ln ζⱼ / scale_base) × RoPE 项）</translation>
    </message>
    <message>
        <source>head %1, power: −a dᵖ</source>
        <translation>头 %1，幂核：−a dᵖ</translation>
    </message>
    <message>
        <source>llama3: pairs whose wavelength exceeds L_train / low_freq_factor are divided by s (at most high_freq_factor)</source>
        <translation>llama3：波长超过 L_train / low_freq_factor 的维度对除以 s（须不大于 high_freq_factor）</translation>
    </message>
    <message>
        <source>yarn: pairs turning more than beta_fast times over L_train are kept (at least beta_slow)</source>
        <translation>yarn：在 L_train 个位置上转动超过 beta_fast 圈的维度对保持不变（须不小于 beta_slow）</translation>
    </message>
    <message>
        <source>How a partial_rotary_factor below 1 is built: plain = the first d_rot dims rotate, theta_k = base^(-2k/d_rot); proportional (Gemma 4&apos;s full layers) = theta_k = base^(-2k/dim) for k &lt; int(f dim / 2), the other pairs at frequency 0 (cos 1)</source>
        <translation>partial_rotary_factor 小于 1 时的构造方式：plain = 前 d_rot 维旋转，theta_k = base^(-2k/d_rot)；proportional（Gemma 4 的全局注意力层）= 当 k &lt; int(f dim / 2) 时 theta_k = base^(-2k/dim)，其余维度对频率为 0（cos 恒为 1）</translation>
    </message>
    <message>
        <source>The model&apos;s layers: how far each attends, and how it encodes position</source>
        <translation>模型的各层：每层能看多远，又如何编码位置</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>keys a query can reach (tokens)</source>
        <translation>一个查询能看到的键（token 数）</translation>
    </message>
    <message>
        <source>One bar per decoder layer, as high as the keys a query of that layer can reach: its sliding window or chunk, else the whole context (the layer&apos;s length); one colour per kind of layer, named by its type and the encoding it uses.</source>
        <translation>每个解码层一根柱子，高度是该层一个查询能看到的键数：滑动窗口或分块的大小，否则是整个上下文（该层的 length）；每种层一种颜色，以层类型和它使用的位置编码命名。</translation>
    </message>
    <message>
        <source>Attention window of the layer in tokens, 0 = none: the scores view then masks what a causal decoder layer with this window does not attend (j &gt; i and outside the window; window_kind says how), as transformers&apos; masking_utils.py</source>
        <translation>该层的注意力窗口（以 token 计），0 = 无窗口：scores 视图会掩去带此窗口的因果解码器层不关注的单元（j &gt; i 以及窗口之外；方式由 window_kind 决定），与 transformers 的 masking_utils.py 相同</translation>
    </message>
    <message>
        <source>How window limits the keys, as transformers&apos; masking_utils.py: sliding = the last window keys up to the query, i - j &lt; window (Mistral, Gemma, gpt-oss); chunked = the keys of the query&apos;s own chunk, floor(j / window) = floor(i / window) (Llama 4)</source>
        <translation>window 如何限制键，与 transformers 的 masking_utils.py 相同：sliding = 查询及其之前最近的 window 个键，i - j &lt; window（Mistral、Gemma、gpt-oss）；chunked = 与查询同一块中的键，floor(j / window) = floor(i / window)（Llama 4）</translation>
    </message>
    <message>
        <source>length x length: raw dot product &lt;R_m q, R_n k&gt; (no 1/sqrt(d)) of one fixed random q and k rotated to query position m (row) and key position n (column); signed; constant along diagonals (depends only on m - n); every (m, n) without a window; with window &gt; 0 the cells the layer does not attend are masked: n &gt; m (a window&apos;s mask is causal, as in transformers) and n outside the window (sliding: m - n &gt;= window; chunked: another chunk)</source>
        <translation>length x length：固定的随机向量 q 与 k 分别旋转到查询位置 m（行）与键位置 n（列）后的原始点积 &lt;R_m q, R_n k&gt;（不除以 sqrt(d)）；有正有负；沿对角线不变（只取决于 m - n）；没有窗口时显示每个 (m, n)；window &gt; 0 时，该层不关注的单元被掩码：n &gt; m（窗口的掩码是因果的，与 transformers 相同）以及窗口之外的 n（sliding：m - n &gt;= window；chunked：另一块）</translation>
    </message>
    <message>
        <source>sliding window: keys i − window &lt; j ≤ i</source>
        <translation>滑动窗口：键 i − window &lt; j ≤ i</translation>
    </message>
    <message>
        <source>attended: the key is in the window</source>
        <translation>被关注：键在窗口内</translation>
    </message>
    <message>
        <source>masked: key after the query (j &gt; i)</source>
        <translation>被掩码：键在查询之后（j &gt; i）</translation>
    </message>
    <message>
        <source>masked: key outside the sliding window (i − j ≥ window)</source>
        <translation>被掩码：键在滑动窗口之外（i − j ≥ window）</translation>
    </message>
    <message>
        <source>chunked window: keys j ≤ i of the query&apos;s chunk, ⌊j/window⌋ = ⌊i/window⌋</source>
        <translation>分块窗口：与查询同一块中的键 j ≤ i，⌊j/window⌋ = ⌊i/window⌋</translation>
    </message>
    <message>
        <source>masked: key in an earlier chunk (⌊j/window⌋ &lt; ⌊i/window⌋)</source>
        <translation>被掩码：键在更早的块中（⌊j/window⌋ &lt; ⌊i/window⌋）</translation>
    </message>
    <message>
        <source>Attention window of the layer in tokens, 0 = full causal attention: the mask, attention and entropy views mask the keys outside it (window_kind says how), as transformers&apos; masking_utils.py</source>
        <translation>该层的注意力窗口（以 token 计），0 = 完整的因果注意力：mask、attention 和 entropy 视图会掩去窗口之外的键（方式由 window_kind 决定），与 transformers 的 masking_utils.py 相同</translation>
    </message>
    <message>
        <source>Llama 4&apos;s attention temperature tuning of its NoPE layers: the query of position i is multiplied by ln(floor((i + 1) / floor_scale) + 1) attn_scale + 1 (modeling_llama4.py)</source>
        <translation>Llama 4 在其 NoPE 层上的注意力温度调节：位置 i 的查询乘以 ln(floor((i + 1) / floor_scale) + 1) attn_scale + 1（modeling_llama4.py）</translation>
    </message>
    <message>
        <source>temperature_tuning: positions per step of the query scale (Llama 4: 8192)</source>
        <translation>temperature_tuning：查询缩放每一级跨越的位置数（Llama 4：8192）</translation>
    </message>
    <message>
        <source>temperature_tuning: the query scale grows by attn_scale ln(k + 1) after k steps (Llama 4: 0.1)</source>
        <translation>temperature_tuning：经过 k 级后，查询缩放增加 attn_scale ln(k + 1)（Llama 4：0.1）</translation>
    </message>
    <message>
        <source>length x length, row = query i, column = key j: 1 where j &lt;= i (the query may attend to the key), 0 where j &gt; i (the logit gets -inf); with a window also 0 outside it (sliding: i - j &gt;= window; chunked: another chunk), as transformers&apos; masking_utils.py; nothing else in NoPE depends on positions</source>
        <translation>length x length，行 = 查询 i，列 = 键 j：j &lt;= i 处为 1（查询可以关注该键），j &gt; i 处为 0（注意力分数 被置为 -inf）；有窗口时，窗口之外也为 0（sliding：i - j &gt;= window；chunked：另一块），与 transformers 的 masking_utils.py 相同；NoPE 中没有别的东西依赖位置</translation>
    </message>
    <message>
        <source>length x length, row = query i, column = key j: softmax over keys 0..i of q_i.k_j/sqrt(d) with random q and k per position (no position in them); masked for j &gt; i and outside the window (the softmax renormalised over the keys left); q_i scaled by Llama 4&apos;s temperature tuning when on; each row sums to 1; length at most 65536 (a weight needs its whole row)</source>
        <translation>length x length，行 = 查询 i，列 = 键 j：对键 0..i 计算 q_i.k_j/sqrt(d) 的 softmax，每个位置的 q 和 k 都是随机的（其中没有位置信息）；j &gt; i 处和窗口之外被掩码（softmax 在剩下的键上重新归一化）；开启 Llama 4 的温度调节时 q_i 乘以其缩放；每行之和为 1；length 至多 65536（一个权重需要整行）</translation>
    </message>
    <message>
        <source>-sum_j a_ij ln a_ij of row i of the attention view (0 for row 0, which has one key) and ln(i + 1), the entropy of uniform attention over the i + 1 visible keys: the mask alone makes the spread of a row grow with its position (with a window: ln of the keys in it); sampled evenly past 512 rows; length at most 65536</source>
        <translation>attention 视图第 i 行的 -sum_j a_ij ln a_ij（第 0 行只有一个键，熵为 0），以及 ln(i + 1)，即在 i + 1 个可见键上均匀分配注意力时的熵：仅凭掩码，一行的分散程度就随位置增长（有窗口时：取窗口内键数的 ln）；超过 512 行时均匀采样；length 至多 65536</translation>
    </message>
    <message>
        <source>Llama 4&apos;s attention temperature tuning: the query scale sᵢ</source>
        <translation>Llama 4 的注意力温度调节：查询缩放 sᵢ</translation>
    </message>
    <message>
        <source>query scale sᵢ</source>
        <translation>查询缩放 sᵢ</translation>
    </message>
    <message>
        <source>s_i = ln(floor((i + 1) / floor_scale) + 1) attn_scale + 1 for i = 0..length-1 (modeling_llama4.py Llama4TextAttention: log1p of the floor), 1 while i + 1 &lt; floor_scale, then a step every floor_scale positions; 1 everywhere with temperature_tuning off; the attention views multiply q_i by it; sampled evenly past 4096 positions, steps kept</source>
        <translation>s_i = ln(floor((i + 1) / floor_scale) + 1) attn_scale + 1，i = 0..length-1（modeling_llama4.py 的 Llama4TextAttention：对取整结果取 log1p），i + 1 &lt; floor_scale 时为 1，之后每 floor_scale 个位置升一级；temperature_tuning 关闭时处处为 1；attention 视图把 q_i 乘以它；超过 4096 个位置时均匀采样，保留每一级的台阶</translation>
    </message>
    <message>
        <source>query scale %1 (temperature_tuning off)</source>
        <translation>查询缩放 %1（temperature_tuning 关闭）</translation>
    </message>
    <message>
        <source>logit sᵢqᵢ·kⱼ/√d (query scaled)</source>
        <translation>注意力分数 sᵢqᵢ·kⱼ/√d（查询已缩放）</translation>
    </message>
    <message>
        <source>query scale sᵢ = ln(⌊(i + %1)/floor_scale⌋ + %2)·attn_scale + %3</source>
        <translation>查询缩放 sᵢ = ln(⌊(i + %1)/floor_scale⌋ + %2)·attn_scale + %3</translation>
    </message>
    <message>
        <source>query scale ln(⌊(i + %1)/floor_scale⌋ + %2)·attn_scale + %3</source>
        <translation>查询缩放 ln(⌊(i + %1)/floor_scale⌋ + %2)·attn_scale + %3</translation>
    </message>
    <message>
        <source>may attend (%1: j ≤ i and in the window, %2: masked)</source>
        <translation>可关注（%1：j ≤ i 且在窗口内，%2：被掩码）</translation>
    </message>
    <message>
        <source>keys in the window</source>
        <translation>窗口内的键数</translation>
    </message>
    <message>
        <source>uniform weight %1/(keys in the window)</source>
        <translation>均匀权重 %1/(窗口内的键数)</translation>
    </message>
    <message>
        <source>logit qᵢ·kⱼ/√d (masked: key outside the window)</source>
        <translation>注意力分数 qᵢ·kⱼ/√d（被掩码：键在窗口之外）</translation>
    </message>
    <message>
        <source>ln(n): uniform attention over the n keys in the window</source>
        <translation>ln(n)：在窗口内的 n 个键上均匀分配注意力</translation>
    </message>
</context>
<context>
    <name>posenc::presets</name>
    <message>
        <source>Transformer base, sinusoidal (d_model 512)</source>
        <translation>Transformer base，正弦位置编码（d_model 512）</translation>
    </message>
    <message>
        <source>Vaswani et al. 2017, Table 3 base model: d_model 512; Eq. PE(pos, 2i) = sin(pos / 10000^(2i/d_model)), PE(pos, 2i+1) = cos (interleaved columns); 512 positions shown (the table has no maximum length).</source>
        <translation>Vaswani 等 2017，表 3 的 base 模型：d_model 512；公式 PE(pos, 2i) = sin(pos / 10000^(2i/d_model))，PE(pos, 2i+1) = cos（interleaved 列排列）；显示 512 个位置（该表没有最大长度）。</translation>
    </message>
    <message>
        <source>BERT-base, learned absolute (512 x 768)</source>
        <translation>BERT-base，可学习的绝对位置编码（512 x 768）</translation>
    </message>
    <message>
        <source>bert-base-uncased config: max_position_embeddings 512, hidden_size 768, initializer_range 0.02 (position table drawn from N(0, 0.02^2) before training); all 512 positions shown.</source>
        <translation>bert-base-uncased 配置：max_position_embeddings 512，hidden_size 768，initializer_range 0.02（训练前位置表从 N(0, 0.02^2) 抽取）；显示全部 512 个位置。</translation>
    </message>
    <message>
        <source>GPT-2 small, learned absolute (1024 x 768)</source>
        <translation>GPT-2 small，可学习的绝对位置编码（1024 x 768）</translation>
    </message>
    <message>
        <source>gpt2 (124M) config: n_positions 1024, n_embd 768; OpenAI&apos;s src/model.py draws wpe from N(0, 0.01^2) (Hugging Face re-initialises with initializer_range 0.02); all 1024 positions shown.</source>
        <translation>gpt2（124M）配置：n_positions 1024，n_embd 768；OpenAI 的 src/model.py 从 N(0, 0.01^2) 抽取 wpe（Hugging Face 用 initializer_range 0.02 重新初始化）；显示全部 1024 个位置。</translation>
    </message>
    <message>
        <source>T5-base encoder, relative buckets (32 buckets, 12 heads)</source>
        <translation>T5-base 编码器，相对位置分桶（32 个桶，12 个注意力头）</translation>
    </message>
    <message>
        <source>t5-base config: relative_attention_num_buckets 32, relative_attention_max_distance 128 (the Hugging Face default), num_heads 12; encoder self-attention is bidirectional; 512 tokens, T5&apos;s pre-training input length.</source>
        <translation>t5-base 配置：relative_attention_num_buckets 32，relative_attention_max_distance 128（Hugging Face 默认值），num_heads 12；编码器自注意力是双向的；512 个词元，即 T5 预训练的输入长度。</translation>
    </message>
    <message>
        <source>BLOOM-176B, ALiBi (112 heads)</source>
        <translation>BLOOM-176B，ALiBi（112 个注意力头）</translation>
    </message>
    <message>
        <source>bigscience/bloom config: n_head 112 (not a power of two, so the slopes interleave two geometric series), hidden_size 14336; causal; 2048 tokens, BLOOM&apos;s training sequence length.</source>
        <translation>bigscience/bloom 配置：n_head 112（不是 2 的幂，所以斜率由两个等比数列交错组成），hidden_size 14336；因果；2048 个词元，即 BLOOM 的训练序列长度。</translation>
    </message>
    <message>
        <source>BLOOM-560M, ALiBi (16 heads)</source>
        <translation>BLOOM-560M，ALiBi（16 个注意力头）</translation>
    </message>
    <message>
        <source>bigscience/bloom-560m config: n_head 16, hidden_size 1024 (slopes 2^-0.5 .. 2^-8); causal; 2048 tokens, the BLOOM family&apos;s training sequence length.</source>
        <translation>bigscience/bloom-560m 配置：n_head 16，hidden_size 1024（斜率 2^-0.5 .. 2^-8）；因果；2048 个词元，即 BLOOM 系列的训练序列长度。</translation>
    </message>
    <message>
        <source>LLaMA-2 7B, RoPE (theta 10000, d_head 128)</source>
        <translation>LLaMA-2 7B，RoPE（theta 10000，d_head 128）</translation>
    </message>
    <message>
        <source>meta-llama/Llama-2-7b-hf config: hidden_size 4096 / num_attention_heads 32 = d_head 128, rope_theta 10000, max_position_embeddings 4096; Hugging Face rotate_half pairing (layout half).</source>
        <translation>meta-llama/Llama-2-7b-hf 配置：hidden_size 4096 / num_attention_heads 32 = d_head 128，rope_theta 10000，max_position_embeddings 4096；Hugging Face 的 rotate_half 配对（layout half）。</translation>
    </message>
    <message>
        <source>LLaMA-2 7B + position interpolation x4 (example, 16k)</source>
        <translation>LLaMA-2 7B + 位置插值 x4（示例，16k）</translation>
    </message>
    <message>
        <source>Example of position interpolation (Chen et al. 2023, arXiv:2306.15595): LLaMA-2 7B RoPE (d_head 128, theta 10000, 4096 trained) with linear scaling factor 4 stretched to 16384 positions; not a released checkpoint&apos;s config.</source>
        <translation>位置插值示例（Chen 等 2023，arXiv:2306.15595）：LLaMA-2 7B 的 RoPE（d_head 128，theta 10000，训练长度 4096）用 linear 缩放因子 4 拉伸到 16384 个位置；并非某个已发布检查点的配置。</translation>
    </message>
    <message>
        <source>Code Llama 7B, RoPE (theta 1e6, d_head 128)</source>
        <translation>Code Llama 7B，RoPE（theta 1e6，d_head 128）</translation>
    </message>
    <message>
        <source>codellama/CodeLlama-7b-hf config: d_head 128, rope_theta 1000000, max_position_embeddings 16384 (Roziere et al. 2023: base period raised from 10000 to 1e6 for long-context fine-tuning on 16384-token sequences).</source>
        <translation>codellama/CodeLlama-7b-hf 配置：d_head 128，rope_theta 1000000，max_position_embeddings 16384（Roziere 等 2023：为在 16384 词元的序列上做长上下文微调，把底数从 10000 提高到 1e6）。</translation>
    </message>
    <message>
        <source>LLaMA-3 8B, RoPE (theta 500000, d_head 128)</source>
        <translation>LLaMA-3 8B，RoPE（theta 500000，d_head 128）</translation>
    </message>
    <message>
        <source>meta-llama/Meta-Llama-3-8B config: hidden_size 4096 / num_attention_heads 32 = d_head 128, rope_theta 500000, max_position_embeddings 8192; layout half (rotate_half).</source>
        <translation>meta-llama/Meta-Llama-3-8B 配置：hidden_size 4096 / num_attention_heads 32 = d_head 128，rope_theta 500000，max_position_embeddings 8192；layout half（rotate_half）。</translation>
    </message>
    <message>
        <source>Transformer-XL base, WikiText-103 (d_model 410, 10 heads)</source>
        <translation>Transformer-XL base，WikiText-103（d_model 410，10 个注意力头）</translation>
    </message>
    <message>
        <source>kimiyoung/transformer-xl pytorch/run_wt103_base.sh (training): d_model 410, n_head 10, d_head 41, tgt_len 150, mem_len 150, clamp_len off; sinusoidal R_delta as in the paper.</source>
        <translation>kimiyoung/transformer-xl 的 pytorch/run_wt103_base.sh（训练）：d_model 410，n_head 10，d_head 41，tgt_len 150，mem_len 150，不使用 clamp_len；R_delta 与论文一样为正弦形式。</translation>
    </message>
    <message>
        <source>TUPE-R base (d_model 768, 12 heads)</source>
        <translation>TUPE-R base（d_model 768，12 个注意力头）</translation>
    </message>
    <message>
        <source>Ke, He, Liu 2021, TUPE-R on BERT-base: d_model 768, 12 heads, untied [CLS], T5 relative bias with 32 buckets and max distance 128; 128 positions shown to keep the [CLS] row readable.</source>
        <translation>Ke、He、Liu 2021，基于 BERT-base 的 TUPE-R：d_model 768，12 个注意力头，解耦 [CLS]，T5 相对位置偏置（32 个桶，最大距离 128）；只显示 128 个位置，使 [CLS] 行清晰可读。</translation>
    </message>
    <message>
        <source>Llama 3.1 8B, RoPE with llama3 scaling (x8 over 8192, theta 500000)</source>
        <translation>Llama 3.1 8B，RoPE 使用 llama3 缩放（在 8192 上放大 8 倍，theta 500000）</translation>
    </message>
    <message>
        <source>meta-llama/Llama-3.1-8B(-Instruct) config.json: hidden_size 4096 / num_attention_heads 32 = d_head 128, rope_theta 500000, max_position_embeddings 131072, rope_scaling {rope_type llama3, factor 8, low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192} (read from the verbatim copy in dotnet/machinelearning src/Microsoft.ML.GenAI.LLaMA/Resource/Config/meta-llama-3.1-8B-Instruct.json); Llama 3.2 and 3.3 use the same rule (3.2: factor 32).</source>
        <translation>meta-llama/Llama-3.1-8B(-Instruct) 的 config.json：hidden_size 4096 / num_attention_heads 32 = d_head 128，rope_theta 500000，max_position_embeddings 131072，rope_scaling {rope_type llama3, factor 8, low_freq_factor 1, high_freq_factor 4, original_max_position_embeddings 8192}（读自 dotnet/machinelearning 中的逐字副本 src/Microsoft.ML.GenAI.LLaMA/Resource/Config/meta-llama-3.1-8B-Instruct.json）；Llama 3.2 和 3.3 使用同样的规则（3.2：factor 32）。</translation>
    </message>
    <message>
        <source>Qwen2.5 7B Instruct + YaRN x4 over 32768 (theta 1e6)</source>
        <translation>Qwen2.5 7B Instruct + YaRN（在 32768 上放大 4 倍，theta 1e6）</translation>
    </message>
    <message>
        <source>Qwen/Qwen2.5-7B-Instruct: config.json hidden_size 3584 / num_attention_heads 28 = d_head 128, rope_theta 1000000, max_position_embeddings 32768, no rope_scaling; its model card (Processing Long Texts) tells users to add rope_scaling {type yarn, factor 4.0, original_max_position_embeddings 32768} for inputs up to 131072 tokens, as here (beta_fast 32, beta_slow 1: transformers&apos; defaults).</source>
        <translation>Qwen/Qwen2.5-7B-Instruct：config.json 中 hidden_size 3584 / num_attention_heads 28 = d_head 128，rope_theta 1000000，max_position_embeddings 32768，没有 rope_scaling；其模型卡（Processing Long Texts 一节）让用户为最长 131072 个 token 的输入加上 rope_scaling {type yarn, factor 4.0, original_max_position_embeddings 32768}，即这里的设置（beta_fast 32、beta_slow 1 为 transformers 的默认值）。</translation>
    </message>
    <message>
        <source>Phi-3 mini 128k Instruct, LongRoPE (d_head 96, 48 factors each)</source>
        <translation>Phi-3 mini 128k Instruct，LongRoPE（d_head 96，每组 48 个因子）</translation>
    </message>
    <message>
        <source>microsoft/Phi-3-mini-128k-instruct config.json (April 2024 release, transformers 4.39.3; read from the verbatim copy in dotnet/machinelearning src/Microsoft.ML.GenAI.Phi/Resource/Config/phi-3-mini-128k-instruct-config.json, commit 6d1f7e2): hidden_size 3072 / 32 heads = d_head 96, rope_theta 10000, original_max_position_embeddings 4096, max_position_embeddings 131072 (factor 131072/4096 = 32 gives the attention factor), rope_scaling type su (= longrope) with its short_factor and long_factor lists; long_factor applies beyond 4096 positions.</source>
        <translation>microsoft/Phi-3-mini-128k-instruct 的 config.json（2024 年 4 月版本，transformers 4.39.3；读自 dotnet/machinelearning 中的逐字副本 src/Microsoft.ML.GenAI.Phi/Resource/Config/phi-3-mini-128k-instruct-config.json，提交 6d1f7e2）：hidden_size 3072 / 32 个头 = d_head 96，rope_theta 10000，original_max_position_embeddings 4096，max_position_embeddings 131072（factor 131072/4096 = 32 决定注意力因子），rope_scaling 类型 su（即 longrope），附 short_factor 与 long_factor 两组列表；超过 4096 个位置时使用 long_factor。</translation>
    </message>
    <message>
        <source>Phi-3.5 mini Instruct, LongRoPE (d_head 96)</source>
        <translation>Phi-3.5 mini Instruct，LongRoPE（d_head 96）</translation>
    </message>
    <message>
        <source>microsoft/Phi-3.5-mini-instruct config.json (as embedded, with a link to the file, in an ONNX export recipe): hidden_size 3072 / 32 heads = d_head 96, rope_theta 10000, original_max_position_embeddings 4096, max_position_embeddings 131072 (factor 32), rope_scaling type longrope with its short_factor and long_factor lists.</source>
        <translation>microsoft/Phi-3.5-mini-instruct 的 config.json（嵌在一个 ONNX 导出脚本中，并附有原文件链接）：hidden_size 3072 / 32 个头 = d_head 96，rope_theta 10000，original_max_position_embeddings 4096，max_position_embeddings 131072（factor 32），rope_scaling 类型 longrope，附 short_factor 与 long_factor 两组列表。</translation>
    </message>
    <message>
        <source>DeepSeek-V3, decoupled RoPE with YaRN x40 over 4096 (d_rope 64)</source>
        <translation>DeepSeek-V3，解耦 RoPE，YaRN（在 4096 上放大 40 倍，d_rope 64）</translation>
    </message>
    <message>
        <source>gpt-oss 20b, YaRN x32 over 4096 (theta 150000, truncate false)</source>
        <translation>gpt-oss 20b，YaRN（在 4096 上放大 32 倍，theta 150000，truncate false）</translation>
    </message>
    <message>
        <source>GPT-NeoX 20B, partial rotary (24 of 96 dims)</source>
        <translation>GPT-NeoX 20B，部分旋转（96 维中的 24 维）</translation>
    </message>
    <message>
        <source>EleutherAI/gpt-neox-20b config.json: hidden_size 6144 / num_attention_heads 64 = d_head 96, rotary_pct 0.25 (only the first int(96 x 0.25) = 24 dimensions of each head rotate, rotate_half within them), rotary_emb_base 10000, max_position_embeddings 2048; EleutherAI/gpt-neox configs/20B.yml says the same (rotary_pct 0.25).</source>
        <translation>EleutherAI/gpt-neox-20b 的 config.json：hidden_size 6144 / num_attention_heads 64 = d_head 96，rotary_pct 0.25（每个头只有前 int(96 x 0.25) = 24 维旋转，在这 24 维内用 rotate_half），rotary_emb_base 10000，max_position_embeddings 2048；EleutherAI/gpt-neox 的 configs/20B.yml 也是如此（rotary_pct 0.25）。</translation>
    </message>
    <message>
        <source>Mistral 7B v0.1, RoPE (theta 10000, d_head 128)</source>
        <translation>Mistral 7B v0.1，RoPE（theta 10000，d_head 128）</translation>
    </message>
    <message>
        <source>mistralai/Mistral-7B-v0.1 config.json: hidden_size 4096 / num_attention_heads 32 = d_head 128, rope_theta 10000, max_position_embeddings 32768, no rope_scaling; attention looks back at most sliding_window = 4096 tokens (not drawn here).</source>
        <translation>mistralai/Mistral-7B-v0.1 的 config.json：hidden_size 4096 / num_attention_heads 32 = d_head 128，rope_theta 10000，max_position_embeddings 32768，没有 rope_scaling；注意力最多回看 sliding_window = 4096 个 token（这里不画出）。</translation>
    </message>
    <message>
        <source>deepseek_v3.json in tests/data/model-configs (deepseek-ai/DeepSeek-V3 config.json): qk_rope_head_dim 64 (the rotated part of each head under MLA; pairs interleaved, as DeepSeek&apos;s view_as_complex and transformers&apos; rope_interleave; the qk_nope_head_dim 128 other dimensions carry no position), rope_theta 10000, max_position_embeddings 163840, rope_scaling {type yarn, factor 40, original_max_position_embeddings 4096, beta_fast 32, beta_slow 1, mscale 1.0, mscale_all_dim 1.0}. All 61 layers are full attention with this RoPE. The cos/sin attention factor is mscale(40, 1)/mscale(40, 1) = 1: DeepSeek multiplies the softmax scale by mscale(40, 1)² = 1.8739 instead (deepseek-ai/DeepSeek-V3 inference/model.py).</source>
        <translation>deepseek_v3.json，位于 tests/data/model-configs（deepseek-ai/DeepSeek-V3 的 config.json）：qk_rope_head_dim 64（MLA 下每个头中旋转的部分；维度对交错排列，与 DeepSeek 的 view_as_complex 和 transformers 的 rope_interleave 一致；另外 qk_nope_head_dim 128 维不带位置信息），rope_theta 10000，max_position_embeddings 163840，rope_scaling {type yarn, factor 40, original_max_position_embeddings 4096, beta_fast 32, beta_slow 1, mscale 1.0, mscale_all_dim 1.0}。全部 61 层都是使用这个 RoPE 的全注意力层。cos/sin 缓存的注意力因子为 mscale(40, 1)/mscale(40, 1) = 1：DeepSeek 改为把 softmax 缩放乘以 mscale(40, 1)² = 1.8739（deepseek-ai/DeepSeek-V3 的 inference/model.py）。</translation>
    </message>
    <message>
        <source>gpt_oss_20b.json in tests/data/model-configs (openai/gpt-oss-20b config.json): head_dim 64, rope_theta 150000, max_position_embeddings 131072, rope_scaling {rope_type yarn, factor 32.0, original_max_position_embeddings 4096, beta_fast 32.0, beta_slow 1.0, truncate false}: attention factor 0.1 ln 32 + 1 = 1.3466. 24 layers alternate (layer_types): 12 sliding_attention layers (0, 2, ..., 22) over a window of sliding_window 128 tokens and 12 full_attention layers (1, 3, ..., 23), all with this RoPE; gpt-oss-120b uses the same RoPE (openai/gpt-oss gpt_oss/torch/model.py).</source>
        <translation>gpt_oss_20b.json，位于 tests/data/model-configs（openai/gpt-oss-20b 的 config.json）：head_dim 64，rope_theta 150000，max_position_embeddings 131072，rope_scaling {rope_type yarn, factor 32.0, original_max_position_embeddings 4096, beta_fast 32.0, beta_slow 1.0, truncate false}：注意力因子 0.1 ln 32 + 1 = 1.3466。24 层交替排列（layer_types）：12 个 sliding_attention 层（0、2、……、22）只看 sliding_window 128 个 token 的窗口，12 个 full_attention 层（1、3、……、23），全部使用这个 RoPE；gpt-oss-120b 使用相同的 RoPE（openai/gpt-oss 的 gpt_oss/torch/model.py）。</translation>
    </message>
    <message>
        <source>Llama 4 Scout, chunked RoPE layers with llama3 scaling (x16 over 8192, theta 500000)</source>
        <translation>Llama 4 Scout，分块注意力层的 RoPE，使用 llama3 缩放（在 8192 上放大 16 倍，theta 500000）</translation>
    </message>
    <message>
        <source>llama4_scout_excerpt.json in tests/data/model-configs (meta-llama/Llama-4-Scout-17B-16E-Instruct config.json, an excerpt), text_config: head_dim 128, rope_theta 500000.0, rope_scaling {rope_type llama3, factor 16.0, low_freq_factor 1.0, high_freq_factor 1.0, original_max_position_embeddings 8192}, max_position_embeddings 10485760 (shown up to 1048576, the longest length here). 48 layers, three RoPE layers to one without: 36 chunked_attention layers with this RoPE, each token attending only inside its own chunk of attention_chunk_size 8192 tokens, and 12 full_attention layers (every 4th: 3, 7, ..., 47, transformers&apos; default as the excerpt sets no no_rope_layers) with no positional encoding (NoPE). With low_freq_factor = high_freq_factor no pair is blended: pairs with a wavelength under 8192 tokens keep their frequency, the longer ones are divided by 16.</source>
        <translation>llama4_scout_excerpt.json，位于 tests/data/model-configs（meta-llama/Llama-4-Scout-17B-16E-Instruct 的 config.json，节选），text_config：head_dim 128，rope_theta 500000.0，rope_scaling {rope_type llama3, factor 16.0, low_freq_factor 1.0, high_freq_factor 1.0, original_max_position_embeddings 8192}，max_position_embeddings 10485760（这里最多显示到 1048576，即本程序的最大长度）。共 48 层，三个 RoPE 层配一个无位置编码的层：36 个 chunked_attention 层使用这个 RoPE，每个 token 只在自己所在的 attention_chunk_size 8192 个 token 的块内做注意力；12 个 full_attention 层（每四层一层：3、7、……、47，节选中没有设置 no_rope_layers，因此取 transformers 的默认值）完全没有位置编码（NoPE）。由于 low_freq_factor = high_freq_factor，没有任何维度对被平滑过渡：波长小于 8192 个 token 的对保持原频率，更长的对除以 16。</translation>
    </message>
    <message>
        <source>Gemma 3 27B, global layers: RoPE theta 1e6 with linear x8</source>
        <translation>Gemma 3 27B，全局层：RoPE theta 1e6，线性缩放 x8</translation>
    </message>
    <message>
        <source>medgemma_27b_it.json in tests/data/model-configs (google/medgemma-27b-it config.json, the Gemma 3 27B architecture), text_config: head_dim 128, rope_theta 1000000, rope_scaling {rope_type linear, factor 8.0}, max_position_embeddings 131072. 62 layers (layer_types), five local to one global: 52 sliding_attention layers with base rope_local_base_freq 10000, no scaling and sliding_window 1024 (preset Gemma 3 27B, local layers), and 10 full_attention layers (5, 11, 17, ..., 59) with this RoPE, base 1e6 and linear x8: every frequency divided by 8.</source>
        <translation>medgemma_27b_it.json，位于 tests/data/model-configs（google/medgemma-27b-it 的 config.json，即 Gemma 3 27B 的结构），text_config：head_dim 128，rope_theta 1000000，rope_scaling {rope_type linear, factor 8.0}，max_position_embeddings 131072。共 62 层（layer_types），五个局部层配一个全局层：52 个 sliding_attention 层使用 base rope_local_base_freq 10000，不缩放，sliding_window 1024（预设“Gemma 3 27B，局部层”）；10 个 full_attention 层（5、11、17、……、59）使用这个 RoPE，base 1e6，线性缩放 x8：每个频率都除以 8。</translation>
    </message>
    <message>
        <source>Gemma 3 27B, local layers: RoPE theta 10000 (sliding window 1024)</source>
        <translation>Gemma 3 27B，局部层：RoPE theta 10000（滑动窗口 1024）</translation>
    </message>
    <message>
        <source>medgemma_27b_it.json in tests/data/model-configs (google/medgemma-27b-it config.json, the Gemma 3 27B architecture), text_config: head_dim 128, rope_local_base_freq 10000 without scaling, sliding_window 1024, max_position_embeddings 131072. 52 of the 62 layers (layer_types) are sliding_attention with this RoPE: each token sees only the last 1024 tokens. The other 10, every 6th (5, 11, 17, ..., 59), are full_attention with rope_theta 1000000 and linear x8 (preset Gemma 3 27B, global layers): five local to one global.</source>
        <translation>medgemma_27b_it.json，位于 tests/data/model-configs（google/medgemma-27b-it 的 config.json，即 Gemma 3 27B 的结构），text_config：head_dim 128，rope_local_base_freq 10000，不缩放，sliding_window 1024，max_position_embeddings 131072。62 层（layer_types）中有 52 层是使用这个 RoPE 的 sliding_attention：每个 token 只看最近的 1024 个 token。其余 10 层（每六层中的最后一层：5、11、17、……、59）是使用 rope_theta 1000000 和线性缩放 x8 的 full_attention（预设“Gemma 3 27B，全局层”）：五个局部层配一个全局层。</translation>
    </message>
    <message>
        <source>Gemma 4 26B A4B, global layers: proportional partial RoPE (theta 1e6, 64 of 256 pairs)</source>
        <translation>Gemma 4 26B A4B，全局层：按比例的部分旋转 RoPE（theta 1e6，256 对中的 64 对）</translation>
    </message>
    <message>
        <source>gemma4_26b_a4b_v5.json in tests/data/model-configs (google/gemma-4-26B-A4B config.json, transformers v5 format), text_config: global_head_dim 512, rope_parameters.full_attention {rope_type proportional, rope_theta 1000000.0, partial_rotary_factor 0.25}, max_position_embeddings 262144. 30 layers (layer_types), five local to one global: 25 sliding_attention layers (head_dim 256, rope_theta 10000.0, sliding_window 1024: preset Gemma 4 26B A4B, local layers) and 5 full_attention layers (5, 11, 17, 23, 29) with this RoPE. Proportional: int(0.25 x 512 / 2) = 64 pairs turn, with theta_k = 1e6^(-2k/512), the exponent over the whole head; the other 192 pairs have frequency 0 and carry no position.</source>
        <translation>gemma4_26b_a4b_v5.json，位于 tests/data/model-configs（google/gemma-4-26B-A4B 的 config.json，transformers v5 格式），text_config：global_head_dim 512，rope_parameters.full_attention {rope_type proportional, rope_theta 1000000.0, partial_rotary_factor 0.25}，max_position_embeddings 262144。共 30 层（layer_types），五个局部层配一个全局层：25 个 sliding_attention 层（head_dim 256，rope_theta 10000.0，sliding_window 1024：预设“Gemma 4 26B A4B，局部层”）和 5 个使用这个 RoPE 的 full_attention 层（5、11、17、23、29）。proportional：int(0.25 x 512 / 2) = 64 对旋转，theta_k = 1e6^(-2k/512)，指数按整个头的宽度计算；其余 192 对频率为 0，不带位置信息。</translation>
    </message>
    <message>
        <source>Gemma 4 26B A4B, local layers: RoPE theta 10000 (d_head 256, sliding window 1024)</source>
        <translation>Gemma 4 26B A4B，局部层：RoPE theta 10000（d_head 256，滑动窗口 1024）</translation>
    </message>
    <message>
        <source>gemma4_26b_a4b_v5.json in tests/data/model-configs (google/gemma-4-26B-A4B config.json, transformers v5 format), text_config: head_dim 256, rope_parameters.sliding_attention {rope_type default, rope_theta 10000.0}, sliding_window 1024, max_position_embeddings 262144. 25 of the 30 layers (layer_types) are sliding_attention with this RoPE, all 128 pairs turning: each token sees only the last 1024 tokens. The other 5, every 6th (5, 11, 17, 23, 29), are full_attention with proportional partial RoPE over global_head_dim 512 (preset Gemma 4 26B A4B, global layers): five local to one global.</source>
        <translation>gemma4_26b_a4b_v5.json，位于 tests/data/model-configs（google/gemma-4-26B-A4B 的 config.json，transformers v5 格式），text_config：head_dim 256，rope_parameters.sliding_attention {rope_type default, rope_theta 10000.0}，sliding_window 1024，max_position_embeddings 262144。30 层（layer_types）中有 25 层是使用这个 RoPE 的 sliding_attention，全部 128 对都旋转：每个 token 只看最近的 1024 个 token。其余 5 层（每六层中的最后一层：5、11、17、23、29）是在 global_head_dim 512 上使用按比例部分旋转 RoPE 的 full_attention（预设“Gemma 4 26B A4B，全局层”）：五个局部层配一个全局层。</translation>
    </message>
    <message>
        <source>Qwen3-Next 80B A3B, partial RoPE (64 of 256 dims, theta 1e7)</source>
        <translation>Qwen3-Next 80B A3B，部分旋转 RoPE（256 维中的 64 维，theta 1e7）</translation>
    </message>
    <message>
        <source>qwen3_next_80b_a3b.json in tests/data/model-configs (Qwen/Qwen3-Next-80B-A3B-Thinking config.json): head_dim 256, partial_rotary_factor 0.25 (the first 64 dimensions of each head rotate, theta_k = base^(-2k/64)), rope_theta 10000000, rope_scaling null, max_position_embeddings 262144. 48 layers, three to one: 36 linear_attention layers (Gated DeltaNet) with no positional encoding and 12 full_attention layers, every full_attention_interval = 4th (3, 7, ..., 47), with this RoPE.</source>
        <translation>qwen3_next_80b_a3b.json，位于 tests/data/model-configs（Qwen/Qwen3-Next-80B-A3B-Thinking 的 config.json）：head_dim 256，partial_rotary_factor 0.25（每个头只有前 64 维旋转，theta_k = base^(-2k/64)），rope_theta 10000000，rope_scaling 为 null，max_position_embeddings 262144。共 48 层，三比一：36 个 linear_attention 层（Gated DeltaNet）没有位置编码，12 个 full_attention 层，每 full_attention_interval = 4 层一层（3、7、……、47），使用这个 RoPE。</translation>
    </message>
    <message>
        <source>Kimi K2, decoupled RoPE with YaRN x32 over 4096 (theta 50000, beta_fast 1)</source>
        <translation>Kimi K2，解耦 RoPE，YaRN（在 4096 上放大 32 倍，theta 50000，beta_fast 1）</translation>
    </message>
    <message>
        <source>kimi_k2_instruct.json in tests/data/model-configs (moonshotai/Kimi-K2-Instruct config.json, DeepSeek-V3&apos;s architecture and modeling code): qk_rope_head_dim 64 (the rotated part of each head under MLA, pairs interleaved; the qk_nope_head_dim 128 other dimensions carry no position), rope_theta 50000.0, max_position_embeddings 131072, rope_scaling {type yarn, factor 32.0, original_max_position_embeddings 4096, beta_fast 1.0, beta_slow 1.0, mscale 1.0, mscale_all_dim 1.0}. All 61 layers are full attention with this RoPE. With beta_fast = beta_slow = 1 YaRN&apos;s ramp is one pair wide: pairs 0 to 19, which turn at least once in 4096 tokens, keep their frequency, pairs 20 to 31 are divided by 32. The cos/sin attention factor is 1; the softmax scale is multiplied by mscale(32, 1)² = 1.8133 instead.</source>
        <translation>kimi_k2_instruct.json，位于 tests/data/model-configs（moonshotai/Kimi-K2-Instruct 的 config.json，沿用 DeepSeek-V3 的结构和建模代码）：qk_rope_head_dim 64（MLA 下每个头中旋转的部分，维度对交错排列；另外 qk_nope_head_dim 128 维不带位置信息），rope_theta 50000.0，max_position_embeddings 131072，rope_scaling {type yarn, factor 32.0, original_max_position_embeddings 4096, beta_fast 1.0, beta_slow 1.0, mscale 1.0, mscale_all_dim 1.0}。全部 61 层都是使用这个 RoPE 的全注意力层。由于 beta_fast = beta_slow = 1，YaRN 的过渡斜坡只有一对宽：在 4096 个 token 中至少转一圈的第 0 到 19 对保持原频率，第 20 到 31 对除以 32。cos/sin 缓存的注意力因子为 1；改为把 softmax 缩放乘以 mscale(32, 1)² = 1.8133。</translation>
    </message>
</context>
<context>
    <name>posenc::ui::Allowed</name>
    <message>
        <source>, </source>
        <comment>list separator</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <comment>last two items of a list</comment>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>out of memory: ask for a smaller region or fewer samples</source>
        <translation>内存不足：请求更小的区域或更少的采样</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
</context>
<context>
    <name>posenc::ui::AnimationView</name>
    <message>
        <source>Animations exist for the sinusoidal clock hands and RoPE&apos;s rotating pair: choose one of those schemes.</source>
        <translation>动画只用于正弦位置编码的时钟指针和 RoPE 的旋转维度对：请选择这两个方案之一。</translation>
    </message>
    <message>
        <source>p = %1</source>
        <translation>p = %1</translation>
    </message>
    <message>
        <source>%1 pos/s</source>
        <translation>%1 位置/秒</translation>
    </message>
    <message>
        <source>m − n = %1</source>
        <translation>m − n = %1</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Play or pause (Space)</source>
        <translation>播放或暂停（空格）</translation>
    </message>
    <message>
        <source>Export frames…</source>
        <translation>导出帧…</translation>
    </message>
    <message>
        <source>Write the animation as numbered PNG files</source>
        <translation>把动画写成编号的 PNG 文件</translation>
    </message>
    <message>
        <source>Position (Left / Right step by one)</source>
        <translation>位置（左 / 右方向键每次走一步）</translation>
    </message>
    <message>
        <source>Speed in positions per second</source>
        <translation>速度：每秒经过的位置数</translation>
    </message>
    <message>
        <source>Distance m − n between the query and the key</source>
        <translation>查询与键之间的距离 m − n</translation>
    </message>
</context>
<context>
    <name>posenc::ui::CheckPlots</name>
    <message>
        <source>yours − ours</source>
        <translation>你的 − 我们的</translation>
    </message>
    <message>
        <source>Difference: yours − ours</source>
        <translation>差值：你的 − 我们的</translation>
    </message>
    <message>
        <source>Yours</source>
        <translation>你的</translation>
    </message>
    <message>
        <source>Ours</source>
        <translation>我们的</translation>
    </message>
    <message>
        <source>Cell (0, 0) here is %1 of the view</source>
        <translation>此处的单元格 (0, 0) 是视图的%1</translation>
    </message>
    <message>
        <source>ours: %1</source>
        <translation>我们的：%1</translation>
    </message>
    <message>
        <source>yours: %1</source>
        <translation>你的：%1</translation>
    </message>
    <message>
        <source>yours − ours: %1</source>
        <translation>你的 − 我们的：%1</translation>
    </message>
    <message>
        <source>point</source>
        <translation>点</translation>
    </message>
    <message>
        <source>Yours (dashed) and ours (solid)</source>
        <translation>你的（虚线）与我们的（实线）</translation>
    </message>
    <message>
        <source>%1: yours %2, ours %3, difference %4</source>
        <translation>%1：你的 %2，我们的 %3，差值 %4</translation>
    </message>
    <message>
        <source>(masked in ours, not compared)</source>
        <translation>（我们的值被掩码，未比较）</translation>
    </message>
    <message>
        <source>(outside the tolerance %1)</source>
        <translation>（超出容差 %1）</translation>
    </message>
    <message>
        <source>Hover a picture for a cell&apos;s yours, ours and difference; zoom or pan one and the others follow.</source>
        <translation>鼠标悬停在图上可读出单元格的你的值、我们的值与差值；缩放或平移其中一幅，其他图随之变化。</translation>
    </message>
</context>
<context>
    <name>posenc::ui::CheckSummary</name>
    <message>
        <source>MATCH</source>
        <translation>匹配</translation>
    </message>
    <message>
        <source>MISMATCH</source>
        <translation>不匹配</translation>
    </message>
    <message>
        <source>curve %1, point %2</source>
        <translation>第 %1 条曲线第 %2 个点</translation>
    </message>
    <message>
        <source>row %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>both typed</source>
        <translation>两者均为手动输入</translation>
    </message>
    <message>
        <source>default for text with %1 significant digits, as %2</source>
        <translation>按 %1 位有效数字的文本取默认值，视作 %2</translation>
    </message>
    <message>
        <source>%1 default</source>
        <translation>%1 默认值</translation>
    </message>
    <message>
        <source>rtol typed, atol the %1</source>
        <translation>rtol 为手动输入，atol 取 %1</translation>
    </message>
    <message>
        <source>atol typed, rtol the %1</source>
        <translation>atol 为手动输入，rtol 取 %1</translation>
    </message>
    <message>
        <source>(explains %1 % of the cells)</source>
        <translation>（可解释 %1 % 的单元格）</translation>
    </message>
    <message>
        <source>The shapes differ: yours %1, ours %2. Nothing was compared.</source>
        <translation>形状不同：你的 %1，我们的 %2。未作任何比较。</translation>
    </message>
    <message>
        <source>%1 cells compared, %2 outside the tolerance (%3 %)</source>
        <translation>比较了 %1 个单元格，%2 个超出容差（%3 %）</translation>
    </message>
    <message>
        <source>; %1 masked in ours, skipped</source>
        <translation>；%1 个在我们的值中被掩码，已跳过</translation>
    </message>
    <message>
        <source>Largest absolute error %1 at %2 (yours %3, ours %4)</source>
        <translation>最大绝对误差 %1，位于%2（你的 %3，我们的 %4）</translation>
    </message>
    <message>
        <source>Largest relative error %1 at %2 (yours %3, ours %4)</source>
        <translation>最大相对误差 %1，位于%2（你的 %3，我们的 %4）</translation>
    </message>
    <message>
        <source>Tolerance: |yours − ours| ≤ %1 + %2 · |ours| (%3)</source>
        <translation>容差：|你的 − 我们的| ≤ %1 + %2 · |我们的|（%3）</translation>
    </message>
    <message>
        <source>text, %1 significant digits</source>
        <translation>文本，%1 位有效数字</translation>
    </message>
    <message>
        <source>Yours: %1 %2; ours: %3 of %4 from %5</source>
        <translation>你的：%1 %2；我们的：%4 的 %3，起于%5</translation>
    </message>
    <message>
        <source>This view draws random stand-in weights: only our own export with the same parameters (seed included) can match it.</source>
        <translation>此视图使用随机替代权重：只有用相同参数（包括随机种子）导出的本程序文件才能与之匹配。</translation>
    </message>
</context>
<context>
    <name>posenc::ui::CheckWindow</name>
    <message>
        <source>Check Against File</source>
        <translation>与文件核对</translation>
    </message>
    <message>
        <source>Choose File...</source>
        <translation>选择文件...</translation>
    </message>
    <message>
        <source>A cell matches when |yours − ours| ≤ atol + rtol · |ours|. Empty: the default for the file&apos;s dtype (torch.testing&apos;s).</source>
        <translation>当 |你的 − 我们的| ≤ atol + rtol · |我们的| 时单元格匹配。留空：取文件 dtype 的默认值（与 torch.testing 相同）。</translation>
    </message>
    <message>
        <source>checking...</source>
        <translation>正在核对...</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>No file yet: choose an array of the view shown in the main window (.npy, .npz, .safetensors, .csv or our JSON export).</source>
        <translation>尚未选择文件：请选择主窗口所示视图的数组（.npy、.npz、.safetensors、.csv 或本程序导出的 JSON）。</translation>
    </message>
    <message>
        <source>Arrays (*.npy *.npz *.safetensors *.csv *.json);;All files (*)</source>
        <translation>数组 (*.npy *.npz *.safetensors *.csv *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Which array?</source>
        <translation>哪个数组？</translation>
    </message>
    <message>
        <source>%1 holds %2 arrays. Which one is the view&apos;s?</source>
        <translation>%1 含有 %2 个数组。哪一个对应该视图？</translation>
    </message>
    <message>
        <source>Cannot check</source>
        <translation>无法核对</translation>
    </message>
    <message>
        <source>%1 was not checked.</source>
        <translation>%1 未能核对。</translation>
    </message>
    <message>
        <source>%1 = &apos;%2&apos;: must be a number ≥ 0, or empty for the dtype&apos;s default</source>
        <translation>%1 = &apos;%2&apos;：应为 ≥ 0 的数，或留空以取 dtype 的默认值</translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation>%1 对照 %2</translation>
    </message>
    <message>
        <source>Diagnosis:</source>
        <translation>诊断：</translation>
    </message>
    <message>
        <source>no usual slip reproduces your numbers.</source>
        <translation>没有哪种常见错误能复现你的数值。</translation>
    </message>
    <message>
        <source>Apply %1</source>
        <translation>应用 %1</translation>
    </message>
    <message>
        <source>Set %1 in the main window (one undo step) and check again</source>
        <translation>在主窗口中设置 %1（一步撤销）并重新核对</translation>
    </message>
    <message>
        <source>dtype default</source>
        <translation>dtype 默认值</translation>
    </message>
    <message>
        <source>default %1</source>
        <translation>默认 %1</translation>
    </message>
    <message>
        <source>The main window shows other settings now than this check compared with; Recheck compares with them.</source>
        <translation>主窗口现在的设置与这次核对时不同；重新核对将与当前设置比较。</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>比较对象：</translation>
    </message>
    <message>
        <source>The scheme your array is compared with (shown in the main window)</source>
        <translation>与你的数组比较的方案（显示在主窗口中）</translation>
    </message>
    <message>
        <source>The view your array is compared with (shown in the main window)</source>
        <translation>与你的数组比较的视图（显示在主窗口中）</translation>
    </message>
    <message>
        <source>&amp;Rows:</source>
        <translation>行(&amp;R)：</translation>
    </message>
    <message>
        <source>Co&amp;lumns:</source>
        <translation>列(&amp;L)：</translation>
    </message>
    <message>
        <source>The part of the view your array holds, as posenc check&apos;s --rows and --cols: A:B (rows A to B − 1), A: (from A to the end). Empty: the whole view, or the region our own JSON export says.</source>
        <translation>你的数组所含的视图部分，同 posenc check 的 --rows 与 --cols：A:B（第 A 到 B − 1 行），A:（从 A 到末尾）。留空：整个视图，或我们的 JSON 导出文件所写的区域。</translation>
    </message>
    <message>
        <source>Rechec&amp;k</source>
        <translation>重新核对(&amp;K)</translation>
    </message>
    <message>
        <source>Compare the file again with the main window&apos;s view, rows, columns and tolerance now</source>
        <translation>按主窗口当前的视图、行、列和容差重新比较该文件</translation>
    </message>
    <message>
        <source>The shapes differ: yours %1, ours %2. Set the rows and columns your array holds, or the parameters, so that they agree, then Recheck.</source>
        <translation>形状不同：你的 %1，我们的 %2。设置你的数组所含的行和列，或调整参数，使二者一致，然后重新核对。</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>The parameters compared with (the main window&apos;s): %1</source>
        <translation>比较所用的参数（主窗口的）：%1</translation>
    </message>
    <message>
        <source>scheme</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>view</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>The shapes differ: yours %1, ours %2. The diagnosis above says what yours is.</source>
        <translation>形状不同：你的 %1，我们的 %2。上面的诊断说明了你的数组是什么。</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ClassroomController</name>
    <message>
        <source>Open lesson file</source>
        <translation>打开课程文件</translation>
    </message>
    <message>
        <source>PosEnc lessons (*.json);;All files (*)</source>
        <translation>PosEnc 课程 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>This lesson cannot be opened:
%1</source>
        <translation>无法打开这个课程：
%1</translation>
    </message>
    <message>
        <source>Cannot open lesson</source>
        <translation>无法打开课程</translation>
    </message>
    <message>
        <source>Lesson opened: %1</source>
        <translation>已打开课程：%1</translation>
    </message>
    <message>
        <source>%1 has no animation: the animations show RoPE&apos;s rotating pair and the sinusoidal clock hands.</source>
        <translation>%1 没有动画：动画展示的是 RoPE 旋转的维度对和正弦位置编码的时钟指针。</translation>
    </message>
    <message>
        <source>Switch to &amp;RoPE</source>
        <translation>切换到 &amp;RoPE</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>讲解</translation>
    </message>
</context>
<context>
    <name>posenc::ui::CompareView</name>
    <message>
        <source>masked</source>
        <translation>被掩码</translation>
    </message>
    <message>
        <source>row %1, column %2 = %3</source>
        <translation>第 %1 行，第 %2 列 = %3</translation>
    </message>
    <message>
        <source>row %1, column %2: outside this view</source>
        <translation>第 %1 行，第 %2 列：在此视图之外</translation>
    </message>
    <message>
        <source>row %1, column %2: A − B = %3 − %4 = %5</source>
        <translation>第 %1 行，第 %2 列：A − B = %3 − %4 = %5</translation>
    </message>
    <message>
        <source>The difference map needs two heatmaps: choose matrix views in the first two panels.</source>
        <translation>差值图需要两张热图：请在前两个面板中选择矩阵视图。</translation>
    </message>
    <message>
        <source>Difference A − B</source>
        <translation>差值 A − B</translation>
    </message>
    <message>
        <source>largest |A − B| among the cells drawn: %1</source>
        <translation>绘制的单元格中最大的 |A − B|：%1</translation>
    </message>
    <message>
        <source>No difference map: %1</source>
        <translation>没有差值图：%1</translation>
    </message>
    <message>
        <source>Length for every panel:</source>
        <translation>所有面板的长度：</translation>
    </message>
    <message>
        <source>Applied to every scheme&apos;s length (Transformer-XL: q_len)</source>
        <translation>应用到每个方案的长度（Transformer-XL：q_len）</translation>
    </message>
    <message>
        <source>Panels:</source>
        <translation>面板数：</translation>
    </message>
    <message>
        <source>Difference map (panel 1 − panel 2)</source>
        <translation>差值图（面板 1 − 面板 2）</translation>
    </message>
    <message>
        <source>more parameters, e.g. scaling=linear factor=4</source>
        <translation>更多参数，例如 scaling=linear factor=4</translation>
    </message>
    <message>
        <source>KEY=VALUE words, as the command line&apos;s --set</source>
        <translation>KEY=VALUE 形式，与命令行的 --set 相同</translation>
    </message>
    <message>
        <source>No difference map: panel 1 is %1 x %2 and panel 2 is %3 x %4; the shapes must agree</source>
        <translation>没有差值图：面板 1 为 %1 x %2，面板 2 为 %3 x %4；两者形状必须相同</translation>
    </message>
    <message>
        <source>A = %1;  B = %2</source>
        <translation>A = %1；  B = %2</translation>
    </message>
    <message>
        <source>computing...</source>
        <translation>正在计算...</translation>
    </message>
    <message>
        <source>One colour scale per quantity</source>
        <translation>同一物理量共用一个色标</translation>
    </message>
    <message>
        <source>Heatmaps of the same quantity (the same value label) share one colour scale, so equal colours mean equal values across the panels</source>
        <translation>显示同一物理量（数值标签相同）的热图共用一个色标，各面板中相同的颜色表示相同的数值</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ExportDialogs</name>
    <message>
        <source>&amp;Grayscale (for printing)</source>
        <translation>灰度(&amp;G)（用于打印）</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>PNG resolution (dpi)</source>
        <translation>PNG 分辨率（dpi）</translation>
    </message>
    <message>
        <source>Draws the picture with the &apos;gray&apos; colour map, whatever the window shows, so it prints without colour</source>
        <translation>无论窗口显示什么，都用 &apos;gray&apos; 色图绘制图片，打印时不需要彩色</translation>
    </message>
    <message>
        <source>
The extension picks the format: .png .svg .pdf draw the picture; .csv .npy .json write the numbers.</source>
        <translation>
扩展名决定格式：.png .svg .pdf 绘制图片；.csv .npy .json 写出数值。</translation>
    </message>
    <message>
        <source>Pictures (*.png *.svg *.pdf);;Numbers (*.csv *.npy *.json);;All files (*)</source>
        <translation>图片 (*.png *.svg *.pdf);;数值 (*.csv *.npy *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export animation frames</source>
        <translation>导出动画帧</translation>
    </message>
    <message>
        <source>&amp;Browse...</source>
        <translation>浏览(&amp;B)...</translation>
    </message>
    <message>
        <source>&amp;Folder</source>
        <translation>文件夹(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Frames</source>
        <translation>帧数(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Positions per frame</source>
        <translation>每帧前进的位置数(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Size (square)</source>
        <translation>尺寸（正方形）(&amp;S)</translation>
    </message>
    <message>
        <source>Writes frame_00000.png, frame_00001.png, ... from the current position; a video tool can join them.</source>
        <translation>从当前位置开始写出 frame_00000.png、frame_00001.png……；可用视频工具把它们合成视频。</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Exports the view &apos;%1&apos;</source>
        <translation>导出视图 &apos;%1&apos;</translation>
    </message>
    <message>
        <source> as zoomed: rows %1..%2, columns %3..%4.</source>
        <translation>，按当前缩放：第 %1..%2 行，第 %3..%4 列。</translation>
    </message>
    <message>
        <source>, whole.</source>
        <translation>，完整导出。</translation>
    </message>
    <message>
        <source>Export all views to</source>
        <translation>导出全部视图到</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Write every view as:</source>
        <translation>每个视图写成：</translation>
    </message>
    <message>
        <source>Wrote %1 files to %2</source>
        <translation>已写出 %1 个文件到 %2</translation>
    </message>
    <message>
        <source>Some views were not exported</source>
        <translation>部分视图未能导出</translation>
    </message>
    <message>
        <source>Picture copied to the clipboard</source>
        <translation>图片已复制到剪贴板</translation>
    </message>
    <message>
        <source>Animation export failed</source>
        <translation>动画导出失败</translation>
    </message>
    <message>
        <source>The current scheme has no animation.</source>
        <translation>当前方案没有动画。</translation>
    </message>
    <message>
        <source>Choose at least one frame, a positive step and a size of 16 px or more.</source>
        <translation>请选择至少一帧、大于 0 的步长以及不小于 16 像素的尺寸。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>Wrote %1 frames to %2</source>
        <translation>已写出 %1 帧到 %2</translation>
    </message>
</context>
<context>
    <name>posenc::ui::LayerChooser</name>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Layers…</source>
        <translation>各层…</translation>
    </message>
    <message>
        <source>The model&apos;s stack of layers: how far each attends, and how it encodes position</source>
        <translation>模型的层堆叠：每层能看多远，又如何编码位置</translation>
    </message>
    <message>
        <source>The decoder layer drawn (0 is the first)</source>
        <translation>所画的解码层（0 是第一层）</translation>
    </message>
    <message>
        <source>The kinds of layer the model has: pick one to draw its first layer</source>
        <translation>模型所含的层类型：选一种即画出该类型的第一层</translation>
    </message>
    <message>
        <source>of %1</source>
        <translation>共 %1 层</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n layers)</source>
        <translation>
            <numerusform>%1（%n 层）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>posenc::ui::LayersDialog</name>
    <message>
        <source>Layers of %1</source>
        <translation>%1 的各层</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Export the layers view</source>
        <translation>导出层视图</translation>
    </message>
    <message>
        <source>Pictures (*.png *.svg *.pdf);;Numbers (*.csv *.npy *.json)</source>
        <translation>图片 (*.png *.svg *.pdf);;数值 (*.csv *.npy *.json)</translation>
    </message>
    <message>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>%1 was not written.</source>
        <translation>%1 没有写入。</translation>
    </message>
    <message>
        <source>layer %1: %2
reaches %3 keys</source>
        <translation>第 %1 层：%2
能看到 %3 个键</translation>
    </message>
</context>
<context>
    <name>posenc::ui::LessonPanel</name>
    <message>
        <source>Open lesson file...</source>
        <translation>打开课程文件...</translation>
    </message>
    <message>
        <source>Open a lesson written as a JSON file (see resources/lessons/README.md)</source>
        <translation>打开以 JSON 文件编写的课程（见 resources/lessons/README.md）</translation>
    </message>
    <message>
        <source>&lt; Previous</source>
        <translation>&lt; 上一步</translation>
    </message>
    <message>
        <source>Previous step (Page Up)</source>
        <translation>上一步（Page Up）</translation>
    </message>
    <message>
        <source>Next &gt;</source>
        <translation>下一步 &gt;</translation>
    </message>
    <message>
        <source>Next step (Page Down)</source>
        <translation>下一步（Page Down）</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>No lesson</source>
        <translation>没有课程</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Start &gt;</source>
        <translation>开始 &gt;</translation>
    </message>
    <message>
        <source>%1 steps: pick one to begin</source>
        <translation>共 %1 步：选择一步开始</translation>
    </message>
    <message>
        <source>Nothing changes in the window until you pick a step; the step then shows the picture it describes.</source>
        <translation>选择某一步之前，窗口不会有任何变化；选择后，窗口会显示该步所讲的图。</translation>
    </message>
    <message>
        <source>Continue at step %1 of %2</source>
        <translation>从第 %1 步继续（共 %2 步）</translation>
    </message>
    <message>
        <source>Go straight to any step of the lesson</source>
        <translation>直接跳到课程的任意一步</translation>
    </message>
    <message>
        <source>Go to step...</source>
        <translation>跳到第几步...</translation>
    </message>
</context>
<context>
    <name>posenc::ui::MainWindow</name>
    <message>
        <source>computing...</source>
        <translation>正在计算...</translation>
    </message>
    <message>
        <source>Schemes</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Readout</source>
        <translation>读数</translation>
    </message>
    <message>
        <source>The translation %1 could not be loaded</source>
        <translation>无法加载翻译：%1</translation>
    </message>
    <message>
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>Opened model %1</source>
        <translation>已打开模型 %1</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>无法打开模型</translation>
    </message>
</context>
<context>
    <name>posenc::ui::Menus</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Session...</source>
        <translation>打开会话(&amp;O)...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save Session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save Session &amp;As...</source>
        <translation>会话另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>&amp;Export View...</source>
        <translation>导出视图(&amp;E)...</translation>
    </message>
    <message>
        <source>Export &amp;All Views to Folder...</source>
        <translation>导出全部视图到文件夹(&amp;A)...</translation>
    </message>
    <message>
        <source>&amp;Copy Picture</source>
        <translation>复制图片(&amp;C)</translation>
    </message>
    <message>
        <source>Open &amp;Lesson File...</source>
        <translation>打开课程文件(&amp;L)...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About PosEnc Explorer</source>
        <translation>关于 PosEnc Explorer(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Tabs: one view at a time</source>
        <translation>标签页：一次一个视图(&amp;T)</translation>
    </message>
    <message>
        <source>Grid of &amp;1 view</source>
        <translation>网格：&amp;1 个视图</translation>
    </message>
    <message>
        <source>Grid of &amp;2 views</source>
        <translation>网格：&amp;2 个视图</translation>
    </message>
    <message>
        <source>Grid of &amp;4 views</source>
        <translation>网格：&amp;4 个视图</translation>
    </message>
    <message>
        <source>&amp;Colour Map</source>
        <translation>色图(&amp;C)</translation>
    </message>
    <message>
        <source>By view (diverging for signed values)</source>
        <translation>按视图（有正有负的值用发散色图）</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>重置缩放(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Mode</source>
        <translation>模式(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Explore</source>
        <translation>探索(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>对比(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Animate</source>
        <translation>动画(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Leave Presentation Mode</source>
        <translation>退出演示模式(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Next Lesson Step or View</source>
        <translation>下一个课程步骤或视图(&amp;N)</translation>
    </message>
    <message>
        <source>Pre&amp;vious Lesson Step or View</source>
        <translation>上一个课程步骤或视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Text Size</source>
        <translation>文字大小(&amp;T)</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Presets unavailable: %1</source>
        <translation>预设不可用：%1</translation>
    </message>
    <message>
        <source>About PosEnc Explorer</source>
        <translation>关于 PosEnc Explorer</translation>
    </message>
    <message>
        <source>&lt;h3&gt;PosEnc Explorer %1&lt;/h3&gt;&lt;p&gt;See how transformers encode position: sinusoidal, learned, T5, ALiBi, RoPE (with PI, NTK, YaRN, Llama 3.1 and LongRoPE scaling), Transformer-XL, TUPE, Shaw, DeBERTa, xPos, NoPE, KERPLE and Sandwich, computed exactly in double precision.&lt;/p&gt;&lt;p&gt;Licence: GNU General Public License, version 3 or later. Plots by QCustomPlot (GPL); built with Qt %2 and Eigen.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;PosEnc Explorer %1&lt;/h3&gt;&lt;p&gt;看清 Transformer 如何编码位置：正弦、可学习、T5、ALiBi、RoPE（含位置插值、NTK、YaRN、Llama 3.1 与 LongRoPE 缩放）、Transformer-XL、TUPE、Shaw、DeBERTa、xPos、NoPE、KERPLE 与 Sandwich，全部以双精度精确计算。&lt;/p&gt;&lt;p&gt;许可证：GNU 通用公共许可证第 3 版或更高版本。绘图使用 QCustomPlot（GPL）；基于 Qt %2 与 Eigen 构建。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reset La&amp;yout</source>
        <translation>重置布局(&amp;Y)</translation>
    </message>
    <message>
        <source>Docks, tool bars and window size as at the first start</source>
        <translation>将停靠面板、工具栏和窗口大小恢复为首次启动时的样子</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>使用指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Start Page</source>
        <translation>开始页(&amp;S)</translation>
    </message>
    <message>
        <source>Open &amp;Model...</source>
        <translation>打开模型(&amp;M)...</translation>
    </message>
    <message>
        <source>Recent Mo&amp;dels</source>
        <translation>最近的模型(&amp;D)</translation>
    </message>
    <message>
        <source>%1 (not found)</source>
        <translation>%1（未找到）</translation>
    </message>
    <message>
        <source>Moved or deleted since it was opened: %1</source>
        <translation>打开之后已被移动或删除：%1</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>Chec&amp;k Against File...</source>
        <translation>与文件核对(&amp;K)...</translation>
    </message>
    <message>
        <source>Compare your own array for the view shown with the exact values: report, diagnosis and the difference</source>
        <translation>将你自己为当前视图算出的数组与精确值比较：报告、诊断与差值</translation>
    </message>
    <message>
        <source>&amp;Problems...</source>
        <translation>问题(&amp;P)...</translation>
    </message>
    <message>
        <source>Every problem reported since the window was opened</source>
        <translation>窗口打开以来报告的所有问题</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ModelActions</name>
    <message>
        <source>Still reading %1</source>
        <translation>仍在读取 %1</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <source>The model %1 was not opened.</source>
        <translation>模型 %1 未能打开。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Model: %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;模型：%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>(%1 config, drawn as %2)</source>
        <translation>（%1 配置，按 %2 绘制）</translation>
    </message>
    <message>
        <source>%1: %2 from %3</source>
        <translation>%1：%2，来自 %3</translation>
    </message>
    <message>
        <source>%1: not in the checkpoint, a random stand-in is drawn</source>
        <translation>%1：检查点中没有，绘制的是随机替代</translation>
    </message>
    <message>
        <source>Tensors: %1</source>
        <translation>张量：%1</translation>
    </message>
    <message>
        <source>No checkpoint found: random stand-ins are drawn for the trained tables</source>
        <translation>未找到检查点：训练得到的表以随机替代绘制</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>说明：%1</translation>
    </message>
    <message>
        <source>Not understood: %1</source>
        <translation>未能理解：%1</translation>
    </message>
    <message>
        <source>Layers: %1</source>
        <translation>各层：%1</translation>
    </message>
    <message>
        <source>Derived: %1 = %2, %3</source>
        <translation>推导值：%1 = %2，%3</translation>
    </message>
</context>
<context>
    <name>posenc::ui::OpenModelDialog</name>
    <message>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Models in the Hugging Face cache</source>
        <translation>Hugging Face 缓存中的模型</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Folder...</source>
        <translation>文件夹(&amp;F)...</translation>
    </message>
    <message>
        <source>A model folder with a config.json (and its .safetensors)</source>
        <translation>含 config.json（及其 .safetensors）的模型文件夹</translation>
    </message>
    <message>
        <source>F&amp;ile...</source>
        <translation>文件(&amp;I)...</translation>
    </message>
    <message>
        <source>A config.json, a .safetensors file or model.safetensors.index.json</source>
        <translation>config.json、.safetensors 文件或 model.safetensors.index.json</translation>
    </message>
    <message>
        <source>%1  →  %2 (%3)</source>
        <translation>%1  →  %2（%3）</translation>
    </message>
    <message>
        <source>%1  (not mapped: %2)</source>
        <translation>%1  （无法对应：%2）</translation>
    </message>
    <message>
        <source>(none: HOME is not set)</source>
        <translation>（无：未设置 HOME）</translation>
    </message>
    <message>
        <source>No models with a config.json in %1.
Models get there when they are downloaded with the Hugging Face tools (huggingface-cli download gpt2, or from_pretrained in transformers); HF_HUB_CACHE or HF_HOME name another folder. Nothing is downloaded here: use Folder... or File... for a model elsewhere.</source>
        <translation>%1 中没有带 config.json 的模型。
用 Hugging Face 工具下载的模型会放在这里（huggingface-cli download gpt2，或 transformers 的 from_pretrained）；HF_HUB_CACHE 或 HF_HOME 可指定其他文件夹。这里不会下载任何东西：其他位置的模型请用“文件夹...”或“文件...”打开。</translation>
    </message>
    <message>
        <source>Cache: %1</source>
        <translation>缓存：%1</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
    <message>
        <source>Open model file</source>
        <translation>打开模型文件</translation>
    </message>
    <message>
        <source>Model files (config.json *.safetensors *.safetensors.index.json);;All files (*)</source>
        <translation>模型文件 (config.json *.safetensors *.safetensors.index.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ParamName</name>
    <message>
        <source>bands</source>
        <translation>频带数</translation>
    </message>
    <message>
        <source>base</source>
        <translation>基数</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>buckets</source>
        <translation>桶数</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>clamp_len</source>
        <translation>截断距离</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>模型维度</translation>
    </message>
    <message>
        <source>dim</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>缩放因子</translation>
    </message>
    <message>
        <source>head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>排列方式</translation>
    </message>
    <message>
        <source>length</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>max_distance</source>
        <translation>最大距离</translation>
    </message>
    <message>
        <source>max_len</source>
        <translation>最大长度</translation>
    </message>
    <message>
        <source>mlen</source>
        <translation>记忆长度</translation>
    </message>
    <message>
        <source>offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>overflow</source>
        <translation>越界规则</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>维度对</translation>
    </message>
    <message>
        <source>qlen</source>
        <translation>查询长度</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询数</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>相对编码</translation>
    </message>
    <message>
        <source>scaling</source>
        <translation>缩放方式</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>train_length</source>
        <translation>训练长度</translation>
    </message>
    <message>
        <source>untie_cls</source>
        <translation>解耦 [CLS]</translation>
    </message>
    <message>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>位置表</translation>
    </message>
    <message>
        <source>a</source>
        <translation>幂核尺度</translation>
    </message>
    <message>
        <source>gamma</source>
        <translation>ζ 的参数 γ</translation>
    </message>
    <message>
        <source>p</source>
        <translation>幂核指数</translation>
    </message>
    <message>
        <source>r1</source>
        <translation>对数核尺度</translation>
    </message>
    <message>
        <source>r2</source>
        <translation>对数核距离系数</translation>
    </message>
    <message>
        <source>scale_base</source>
        <translation>衰减距离尺度</translation>
    </message>
    <message>
        <source>clip</source>
        <translation>截断距离 k</translation>
    </message>
    <message>
        <source>max_relative_positions</source>
        <translation>最大相对位置</translation>
    </message>
    <message>
        <source>attention_factor</source>
        <translation>注意力因子</translation>
    </message>
    <message>
        <source>beta_fast</source>
        <translation>快速边界</translation>
    </message>
    <message>
        <source>beta_slow</source>
        <translation>慢速边界</translation>
    </message>
    <message>
        <source>high_freq_factor</source>
        <translation>高频因子</translation>
    </message>
    <message>
        <source>long_factor</source>
        <translation>长因子列表</translation>
    </message>
    <message>
        <source>low_freq_factor</source>
        <translation>低频因子</translation>
    </message>
    <message>
        <source>mscale</source>
        <translation>注意力缩放</translation>
    </message>
    <message>
        <source>mscale_all_dim</source>
        <translation>注意力缩放分母</translation>
    </message>
    <message>
        <source>partial_rotary_factor</source>
        <translation>旋转比例</translation>
    </message>
    <message>
        <source>short_factor</source>
        <translation>短因子列表</translation>
    </message>
    <message>
        <source>truncate</source>
        <translation>取整</translation>
    </message>
    <message>
        <source>rel_norm</source>
        <translation>相对嵌入归一化</translation>
    </message>
    <message>
        <source>rel_table</source>
        <translation>相对嵌入表文件</translation>
    </message>
    <message>
        <source>stack</source>
        <translation>堆栈</translation>
    </message>
    <message>
        <source>table</source>
        <translation>表文件</translation>
    </message>
    <message>
        <source>u_table</source>
        <translation>u 的文件</translation>
    </message>
    <message>
        <source>v_table</source>
        <translation>v 的文件</translation>
    </message>
    <message>
        <source>grid</source>
        <translation>网格边长</translation>
    </message>
    <message>
        <source>measure</source>
        <translation>度量</translation>
    </message>
    <message>
        <source>partial_rotary</source>
        <translation>部分旋转方式</translation>
    </message>
    <message>
        <source>attn_scale</source>
        <translation>注意力缩放</translation>
    </message>
    <message>
        <source>floor_scale</source>
        <translation>取整步长</translation>
    </message>
    <message>
        <source>temperature_tuning</source>
        <translation>温度调节</translation>
    </message>
    <message>
        <source>window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>window_kind</source>
        <translation>窗口类型</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ParameterPanel</name>
    <message>
        <source>&lt;p&gt;Allowed: %1&lt;br/&gt;Default: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;允许值：%1&lt;br/&gt;默认值：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Reset to default (%1)</source>
        <translation>重置为默认值（%1）</translation>
    </message>
    <message>
        <source>Reset %1</source>
        <translation>重置 %1</translation>
    </message>
    <message>
        <source>Reset all</source>
        <translation>全部重置</translation>
    </message>
    <message>
        <source>Reset every parameter of this scheme to its default</source>
        <translation>把此方案的所有参数重置为默认值</translation>
    </message>
    <message>
        <source>Not applied: the views still show %1.</source>
        <translation>未应用：视图仍显示 %1。</translation>
    </message>
    <message>
        <source>not given (e.g. 1, 1.05, 1.2)</source>
        <translation>未给出（例如 1, 1.05, 1.2）</translation>
    </message>
    <message>
        <source>random stand-in (or a file: .safetensors, .npy, .npz)</source>
        <translation>随机替代（或文件：.safetensors、.npy、.npz）</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>选择文件…</translation>
    </message>
    <message>
        <source>Choose the array for %1</source>
        <translation>为 %1 选择数组</translation>
    </message>
    <message>
        <source>Arrays (*.safetensors *.npy *.npz *.json);;All files (*)</source>
        <translation>数组 (*.safetensors *.npy *.npz *.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>posenc::ui::PlotRender</name>
    <message>
        <source>1 px = %1 x %2 cells, sampled</source>
        <comment>%1 = rows, %2 = columns of the matrix per drawn cell</comment>
        <translation>1 像素 = %1 x %2 个单元格（已采样）</translation>
    </message>
    <message>
        <source>masked cells (no value)</source>
        <translation>被掩码的单元格（无值）</translation>
    </message>
    <message>
        <source>legend names the first %1 of %2 curves</source>
        <translation>图例只列出 %2 条曲线中的前 %1 条</translation>
    </message>
    <message>
        <source>random stand-in weights, seed %1</source>
        <comment>picture line: the values come from random weights, not a trained model; %1 = the seed parameter</comment>
        <translation>随机替代权重，种子 %1</translation>
    </message>
</context>
<context>
    <name>posenc::ui::PlotView</name>
    <message>
        <source>Go to Range...</source>
        <translation>转到范围...</translation>
    </message>
    <message>
        <source>nothing is shown yet</source>
        <translation>尚未显示任何内容</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>A:B shows the cells A to B − 1, as --rows A:B --cols C:D on the command line (%1 rows, %2 columns). B may be left out (to the end); an empty field shows everything.</source>
        <translation>A:B 显示第 A 到 B − 1 个单元格，与命令行的 --rows A:B --cols C:D 相同（共 %1 行、%2 列）。B 可以省略（到末尾）；留空则显示全部。</translation>
    </message>
    <message>
        <source>A:B shows the values A to B of that axis, within the chart. An empty field shows the whole axis.</source>
        <translation>A:B 显示该坐标轴上从 A 到 B 的部分，须在图表范围之内。留空则显示整条坐标轴。</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Drag: zoom to a box
Shift+drag or middle button: pan
Wheel: zoom
Double-click, Home or R: reset zoom
Ctrl+G or right click: go to a range</source>
        <translation>拖动：缩放到所框的区域
Shift+拖动或中键拖动：平移
滚轮：缩放
双击、Home 或 R：重置缩放
Ctrl+G 或右键：转到指定范围</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ProblemLog</name>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>No problems since the window was opened.</source>
        <translation>窗口打开以来没有问题。</translation>
    </message>
    <message>
        <source>All problems</source>
        <translation>所有问题</translation>
    </message>
    <message>
        <source>Every problem since the window was opened (also Help &gt; Problems)</source>
        <translation>窗口打开以来的所有问题（也可以从“帮助 &gt; 问题”打开）</translation>
    </message>
    <message>
        <source>Close this message (Help &gt; Problems shows it again)</source>
        <translation>关闭这条消息（“帮助 &gt; 问题”可以再次显示）</translation>
    </message>
</context>
<context>
    <name>posenc::ui::RangeDialog</name>
    <message>
        <source>Go to Range</source>
        <translation>转到范围</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>field name (what the axis shows)</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1: “%2” is not a range; write A:B with whole numbers, allowed 0 ≤ A &lt; B ≤ %3 (B may be left out: to the end)</source>
        <comment>%1 = field name (rows, columns), %2 = the text typed, %3 = number of cells</comment>
        <translation>%1：“%2”不是范围；请写成整数 A:B，允许 0 ≤ A &lt; B ≤ %3（B 可以省略：到末尾）</translation>
    </message>
    <message>
        <source>%1: %2 is empty; allowed 0 ≤ A &lt; B ≤ %3</source>
        <comment>%1 = field name (rows, columns), %2 = the range typed, %3 = number of cells</comment>
        <translation>%1：%2 是空范围；允许 0 ≤ A &lt; B ≤ %3</translation>
    </message>
    <message>
        <source>%1: %2 goes beyond the last cell; allowed 0 ≤ A &lt; B ≤ %3</source>
        <comment>%1 = field name (rows, columns), %2 = the range typed, %3 = number of cells</comment>
        <translation>%1：%2 超出了最后一个单元格；允许 0 ≤ A &lt; B ≤ %3</translation>
    </message>
    <message>
        <source>%1: “%2” is not a range; write A:B with numbers, allowed %3 ≤ A &lt; B ≤ %4</source>
        <comment>%1 = axis (x, y), %2 = the text typed, %3 and %4 = the chart&apos;s extent</comment>
        <translation>%1：“%2”不是范围；请写成数字 A:B，允许 %3 ≤ A &lt; B ≤ %4</translation>
    </message>
    <message>
        <source>%1: %2 is empty; allowed %3 ≤ A &lt; B ≤ %4</source>
        <comment>%1 = axis (x, y), %2 = the range typed, %3 and %4 = the chart&apos;s extent</comment>
        <translation>%1：%2 是空范围；允许 %3 ≤ A &lt; B ≤ %4</translation>
    </message>
    <message>
        <source>%1: %2 goes beyond the chart; allowed %3 ≤ A &lt; B ≤ %4</source>
        <comment>%1 = axis (x, y), %2 = the range typed, %3 and %4 = the chart&apos;s extent</comment>
        <translation>%1：%2 超出了图表范围；允许 %3 ≤ A &lt; B ≤ %4</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ReadoutPanel</name>
    <message>
        <source>masked</source>
        <translation>被掩码</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>distance j − i</source>
        <translation>距离 j − i</translation>
    </message>
    <message>
        <source>made of</source>
        <translation>组成</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>computing...</source>
        <translation>正在计算...</translation>
    </message>
    <message>
        <source>curve</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#777&apos;&gt;Hover a cell of a heatmap or a point of a chart to read its exact value and the terms that make it.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#777&apos;&gt;把鼠标移到热图的单元格或图表的点上，即可读出它的精确值以及构成它的各项。&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>posenc::ui::SessionActions</name>
    <message>
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Cannot save session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Preset: %1</source>
        <translation>预设：%1</translation>
    </message>
    <message>
        <source>Cannot apply preset</source>
        <translation>无法应用预设</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The session has changes that are not saved. Save them before quitting?</source>
        <translation>会话有尚未保存的更改。退出前要保存吗？</translation>
    </message>
    <message>
        <source>PosEnc sessions (*.posenc.json *.json);;All files (*)</source>
        <translation>PosEnc 会话 (*.posenc.json *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>PosEnc sessions (*.posenc.json *.json)</source>
        <translation>PosEnc 会话 (*.posenc.json *.json)</translation>
    </message>
    <message>
        <source>The session of the last run was not restored; the window starts with the defaults.</source>
        <translation>上次运行的会话没有恢复；窗口以默认设置启动。</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ShortcutsDialog</name>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Plots, lessons and animation</source>
        <translation>图片、课程与动画</translation>
    </message>
    <message>
        <source>Zoom in or out about the pointer</source>
        <translation>以鼠标指针为中心放大或缩小</translation>
    </message>
    <message>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <source>Move the picture</source>
        <translation>平移图片</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Show the whole view again</source>
        <translation>重新显示整个视图</translation>
    </message>
    <message>
        <source>Move the crosshair cell by cell on a heatmap (click it or Tab to it first)</source>
        <translation>在热图上逐个单元格移动十字线（先单击热图或用 Tab 键移到热图上）</translation>
    </message>
    <message>
        <source>Arrow keys</source>
        <translation>方向键</translation>
    </message>
    <message>
        <source>Next / previous lesson step, in the Lessons panel</source>
        <translation>下一个 / 上一个课程步骤（在课程面板中）</translation>
    </message>
    <message>
        <source>Next / previous lesson step or view, in presentation mode</source>
        <translation>下一个 / 上一个课程步骤或视图（在演示模式中）</translation>
    </message>
    <message>
        <source>Right / Left, Page Down / Page Up</source>
        <translation>右 / 左方向键，Page Down / Page Up</translation>
    </message>
    <message>
        <source>Play or pause the animation (Animate)</source>
        <translation>播放或暂停动画（动画模式）</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格键</translation>
    </message>
    <message>
        <source>Animation one position on or back (Animate)</source>
        <translation>动画前进或后退一个位置（动画模式）</translation>
    </message>
    <message>
        <source>Right / Left</source>
        <translation>右 / 左方向键</translation>
    </message>
    <message>
        <source>Zoom to a box</source>
        <translation>框选放大</translation>
    </message>
    <message>
        <source>Shift+drag, or drag with the middle button</source>
        <translation>Shift+拖动，或按住中键拖动</translation>
    </message>
    <message>
        <source>Double-click, %1 or R</source>
        <translation>双击、%1 或 R</translation>
    </message>
    <message>
        <source>Go to a range of rows and columns</source>
        <translation>跳到指定的行列范围</translation>
    </message>
    <message>
        <source>Right click</source>
        <translation>右键单击</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ShownState</name>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>The session&apos;s model %1 could not be read again, so its name is not shown; the session&apos;s scheme and parameters are.</source>
        <translation>无法再次读取会话中的模型 %1，因此不显示它的名称；会话的方案和参数照常显示。</translation>
    </message>
    <message>
        <source>Lesson: %1</source>
        <translation>课程：%1</translation>
    </message>
    <message>
        <source>Open model %1</source>
        <translation>打开模型 %1</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
</context>
<context>
    <name>posenc::ui::StartPage</name>
    <message>
        <source>Welcome to PosEnc Explorer</source>
        <translation>欢迎使用 PosEnc Explorer</translation>
    </message>
    <message>
        <source>See how transformers encode position: every scheme computed exactly and drawn. Where would you like to begin?</source>
        <translation>看清 Transformer 如何编码位置：每种方案都精确计算并绘制出来。你想从哪里开始？</translation>
    </message>
    <message>
        <source>Open a session...</source>
        <translation>打开会话...</translation>
    </message>
    <message>
        <source>Explore a scheme: pick one</source>
        <translation>探索一个方案：选择一个</translation>
    </message>
    <message>
        <source>Show at start-up</source>
        <translation>启动时显示</translation>
    </message>
    <message>
        <source>Help &gt; Start Page shows this card at any time</source>
        <translation>随时可以通过“帮助 &gt; 开始页”打开这张卡片</translation>
    </message>
    <message>
        <source>Scheme, parameters and views as they were saved</source>
        <translation>方案、参数和视图恢复成保存时的样子</translation>
    </message>
    <message>
        <source>Point at a scheme to read what it does; click it to explore it.</source>
        <translation>把鼠标指向一个方案可以看到它的说明；单击即可探索它。</translation>
    </message>
    <message>
        <source>Open a model...</source>
        <translation>打开模型...</translation>
    </message>
    <message>
        <source>A model folder or the Hugging Face cache: its own configuration and trained tables</source>
        <translation>模型文件夹或 Hugging Face 缓存：模型自己的配置与训练得到的表</translation>
    </message>
    <message>
        <source>Recent models</source>
        <translation>最近的模型</translation>
    </message>
    <message>
        <source>Start a lesson: pick one</source>
        <translation>开始一节课程：选择一节</translation>
    </message>
</context>
<context>
    <name>posenc::ui::UndoState</name>
    <message>
        <source>Switch to %1</source>
        <translation>切换到 %1</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销“%1”(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做“%1”(&amp;R)</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>Change parameters</source>
        <translation>修改参数</translation>
    </message>
</context>
<context>
    <name>posenc::ui::UserGuide</name>
    <message>
        <source>PosEnc Explorer User Guide</source>
        <translation>PosEnc Explorer 使用指南</translation>
    </message>
</context>
<context>
    <name>posenc::ui::ViewGrid</name>
    <message>
        <source>View id: %1</source>
        <translation>视图 id：%1</translation>
    </message>
    <message>
        <source>   (sampled: %1 x %2 of %3 x %4 cells)</source>
        <translation>   （已采样：%3 x %4 个单元格中的 %1 x %2 个）</translation>
    </message>
    <message>
        <source>%1 / %2: computed in %3 ms, drawn in %4 ms%5</source>
        <translation>%1 / %2：计算耗时 %3 毫秒，绘制耗时 %4 毫秒%5</translation>
    </message>
    <message>
        <source>%1 of %2: %3</source>
        <translation>%1（共 %2 幅）：%3</translation>
    </message>
    <message>
        <source>Next/previous slide keys: %1 to %2 first, then the next step</source>
        <translation>下一张/上一张幻灯片键：先依次切换 %1 到 %2，再进入下一步</translation>
    </message>
</context>
<context>
    <name>posenc::view-tab</name>
    <message>
        <source>encoding</source>
        <translation>编码表</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>wavelengths</source>
        <translation>波长</translation>
    </message>
    <message>
        <source>bands</source>
        <translation>正弦列</translation>
    </message>
    <message>
        <source>shift</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>extrapolation</source>
        <translation>外推</translation>
    </message>
    <message>
        <source>buckets</source>
        <translation>分桶</translation>
    </message>
    <message>
        <source>bucket_map</source>
        <translation>桶映射</translation>
    </message>
    <message>
        <source>bias</source>
        <translation>偏置</translation>
    </message>
    <message>
        <source>slopes</source>
        <translation>斜率</translation>
    </message>
    <message>
        <source>angles</source>
        <translation>旋转角</translation>
    </message>
    <message>
        <source>frequencies</source>
        <translation>频率</translation>
    </message>
    <message>
        <source>scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>invariance</source>
        <translation>相对性</translation>
    </message>
    <message>
        <source>decay</source>
        <translation>衰减</translation>
    </message>
    <message>
        <source>rotation</source>
        <translation>旋转</translation>
    </message>
    <message>
        <source>a</source>
        <translation>a</translation>
    </message>
    <message>
        <source>b</source>
        <translation>b</translation>
    </message>
    <message>
        <source>c</source>
        <translation>c</translation>
    </message>
    <message>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <source>ac</source>
        <translation>ac</translation>
    </message>
    <message>
        <source>bd</source>
        <translation>bd</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>cc</source>
        <translation>cc</translation>
    </message>
    <message>
        <source>cp</source>
        <translation>cp</translation>
    </message>
    <message>
        <source>pc</source>
        <translation>pc</translation>
    </message>
    <message>
        <source>pp</source>
        <translation>pp</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总分</translation>
    </message>
    <message>
        <source>positional</source>
        <translation>位置部分</translation>
    </message>
    <message>
        <source>zeta</source>
        <translation>ζ 系数</translation>
    </message>
    <message>
        <source>entropy</source>
        <translation>熵</translation>
    </message>
    <message>
        <source>curve</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>index</source>
        <translation>行号</translation>
    </message>
    <message>
        <source>key_table</source>
        <translation>键表</translation>
    </message>
    <message>
        <source>values</source>
        <translation>值侧</translation>
    </message>
    <message>
        <source>c2c</source>
        <translation>c2c</translation>
    </message>
    <message>
        <source>c2p</source>
        <translation>c2p</translation>
    </message>
    <message>
        <source>p2c</source>
        <translation>p2c</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>cos</source>
        <translation>cos 缓存</translation>
    </message>
    <message>
        <source>sin</source>
        <translation>sin 缓存</translation>
    </message>
    <message>
        <source>curves</source>
        <translation>各头曲线</translation>
    </message>
    <message>
        <source>pca</source>
        <translation>主成分</translation>
    </message>
    <message>
        <source>spectrum</source>
        <translation>频谱</translation>
    </message>
    <message>
        <source>norms</source>
        <translation>范数</translation>
    </message>
    <message>
        <source>grid</source>
        <translation>图像块网格</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>各层</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>温度</translation>
    </message>
</context>
</TS>
